// The refusals of the Amazon imports (codes `import.*`) with the words a person reads. A refused file's body
// is the spec's ImportRefusalDto: the detail, the file's name and every problem found in it (`file`,
// `problems`), so the dialog can list them. A transporter id some DA holds is the register's own refusal
// (da.transporter_id_taken, lib/das/errors.ts).
import { DomainError, type ErrorKind } from "../errors.ts";

export const IMPORT = {
  emptyFile: "import.empty_file",
  wrongDialog: "import.wrong_dialog",
  badFile: "import.bad_file",
  /** the file lacks a key column (transporter ID, or the week when its name has none): named in the detail */
  missingKeyColumns: "import.missing_key_columns",
  unknownStation: "import.unknown_station",
  foreignStation: "import.foreign_station",
  rerunMismatch: "import.rerun_mismatch",
  fileNotKept: "import.file_not_kept",
  emailTaken: "import.email_taken",
} as const;
type ImportCode = (typeof IMPORT)[keyof typeof IMPORT];

/** A problem of the file as the refusal lists it (lib/amazon/types.ts Problem). */
type FileProblem = { file: string; message: string };

/** A file that is not stored: ImportRefusalDto (detail, file, problems) with its code. */
export const fileRefusal = (
  code: ImportCode,
  kind: ErrorKind,
  detail: string,
  file: string,
  problems: FileProblem[],
) => new DomainError(code, kind, detail, { data: { file, problems } });

/** The file names a station that is not set up. */
export const unknownStation = (tag: string, file: string, problems: FileProblem[]) =>
  fileRefusal(
    IMPORT.unknownStation,
    "invalid",
    `The file is for station ${tag}, which is not set up`,
    file,
    problems,
  );

/** The file's station is not one of the viewer's (`why` from policy.ts notYourStation). */
export const foreignStation = (why: string, file: string, problems: FileProblem[]) =>
  fileRefusal(IMPORT.foreignStation, "forbidden", why, file, problems);

/** A re-run whose kept file now reads as another station, week or slot. */
export const rerunMismatch = (fileName: string, tag: string, week: string, problems: FileProblem[]) =>
  fileRefusal(
    IMPORT.rerunMismatch,
    "invalid",
    `Not re-run: ${fileName} now reads as station ${tag}, week ${week}; upload it again instead.`,
    fileName,
    problems,
  );

export const fileNotKept = (fileName: string) =>
  new DomainError(
    IMPORT.fileNotKept,
    "invalid",
    `The file ${fileName} is no longer kept; upload it again.`,
  );

/** "Create DA" with an address another user has. */
export const emailTaken = (email: string) =>
  new DomainError(IMPORT.emailTaken, "invalid", `${email} is used by another user.`, { field: "email" });

// The refusals of an upload before any parser sees it (codes `upload.*`): the size limit, the multipart
// body, and the .xlsx zip checks. A refusal of the file itself names the file, under the `file` field too.
import { DomainError } from "../errors.ts";

export const UPLOAD = {
  tooLarge: "upload.too_large",
  notMultipart: "upload.not_multipart",
  malformed: "upload.malformed",
  noFile: "upload.no_file",
  empty: "upload.empty",
  notXlsx: "upload.not_xlsx",
  damaged: "upload.damaged",
  encrypted: "upload.encrypted",
  unsupportedCompression: "upload.unsupported_compression",
  zipBomb: "upload.zip_bomb",
} as const;
type UploadCode = (typeof UPLOAD)[keyof typeof UPLOAD];

/** The catalogue's 413 (01 section 8): the client toasts exactly this text. */
export const uploadTooLarge = (limitBytes: number) =>
  new DomainError(UPLOAD.tooLarge, "too_large", "File so large for upload", {
    data: {
      limit_bytes: limitBytes,
      limit: `The largest file accepted is ${(limitBytes / 1024 / 1024).toFixed(0)} MB.`,
    },
  });

export const notMultipart = (field: string) =>
  new DomainError(
    UPLOAD.notMultipart,
    "invalid",
    `Send the file as multipart/form-data in the field '${field}'.`,
  );

export const malformedMultipart = () =>
  new DomainError(
    UPLOAD.malformed,
    "invalid",
    "The upload could not be read (the multipart body is malformed). Please try again.",
  );

export const noFileSubmitted = (field: string) =>
  new DomainError(UPLOAD.noFile, "invalid", "No file was submitted.", { field });

export const emptyFile = (field: string, fileName: string) =>
  new DomainError(UPLOAD.empty, "invalid", `${fileName} is empty.`, { field });

/** A file the zip checks refuse: '<file>: <why>' under `file` and as the detail. */
export const refusedFile = (code: UploadCode, fileName: string, why: string) =>
  new DomainError(code, "invalid", `${fileName}: ${why}`, { field: "file" });

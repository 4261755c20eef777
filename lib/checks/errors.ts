// The check screens' refusals (codes `check.*`) with the words a person reads; the edge picks the status.
import { DomainError } from "../errors.ts";

export const CHECK = {
  notFound: "check.not_found",
  stationNotOffered: "check.station_not_offered",
  readOnly: "check.read_only",
  managementOnly: "check.management_only",
  uploadUnrouted: "check.upload_unrouted",
  uploadMismatch: "check.upload_mismatch",
} as const;

export const checkNotFound = () =>
  new DomainError(CHECK.notFound, "not_found", "There is no such check week at your stations.");

export const stationNotOffered = (tags: readonly string[]) =>
  new DomainError(
    CHECK.stationNotOffered,
    "not_found",
    `Checks are kept for your stations tagged ${tags.join(" or ")} only.`,
    { field: "station" },
  );

export const dayReadOnly = () =>
  new DomainError(CHECK.readOnly, "forbidden", "Dispatchers see the check week but do not edit it.");

export const managementOnly = () =>
  new DomainError(
    CHECK.managementOnly,
    "forbidden",
    "Only supervisors, managers and owners edit whc off-target and employee satisfaction.",
  );

export const uploadUnrouted = (fileName: string, segment: string | null, tags: readonly string[]) =>
  new DomainError(
    CHECK.uploadUnrouted,
    "invalid",
    `Not imported: the first file's name must carry the station code as its fifth '_'-separated part ` +
      `(such as Quality_DSB_DNR_<DSP>_DON9_2026-W21.csv). In ${fileName} it is ` +
      `${segment ? `'${segment}'` : "missing"}, which is not one of your stations tagged ${
        tags.join(" or ")
      }.`,
    { field: "file1", data: { file: fileName } },
  );

export const uploadMismatch = (why: string, fileName: string) =>
  new DomainError(CHECK.uploadMismatch, "invalid", `Not imported: ${why}`, {
    field: "file2",
    data: { file: fileName },
  });

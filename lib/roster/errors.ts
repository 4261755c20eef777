// The refusals of a roster import (codes `roster.*`): a file that cannot be read as a roster, a commit that
// needs the preview first, and a commit overtaken by another change. Every message names the file.
import { DomainError } from "../errors.ts";

export const ROSTER = {
  badFile: "roster.bad_file",
  previewNeeded: "roster.preview_needed",
  changedSincePreview: "roster.changed_since_preview",
  concurrentChange: "roster.concurrent_change",
} as const;

/** The file is not a roster this import reads: '<file>: <why>', under `file` too. */
export const badRosterFile = (fileName: string, why: string) =>
  new DomainError(ROSTER.badFile, "invalid", `${fileName}: ${why}`, { field: "file" });

/** Rows would be skipped and the user has not seen them (no preview digest came with the commit). */
export const previewNeeded = (fileName: string, skipped: string) =>
  new DomainError(
    ROSTER.previewNeeded,
    "invalid",
    `${fileName}: ${skipped} would be skipped. Preview the file to see them, then import. Nothing was imported.`,
  );

/** The plan differs from the preview the user saw (`nouns`: 'DAs', 'vans'). */
export const changedSincePreview = (fileName: string, nouns: string) =>
  new DomainError(
    ROSTER.changedSincePreview,
    "conflict",
    `${fileName}: the ${nouns} changed since the preview. Nothing was imported; preview the file again.`,
  );

/** A unique index met a row written by someone else during the commit. */
export const concurrentRosterChange = (fileName: string, nouns: string) =>
  new DomainError(
    ROSTER.concurrentChange,
    "conflict",
    `${fileName}: another change to the ${nouns} happened during the import. Nothing was imported; preview the file again.`,
  );

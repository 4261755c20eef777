// What the coaching drafts API and panel accept (zod, shared).
import { z } from "zod";
import { dbId, dbIdQuery, queryInt, text } from "../inputs/fields.ts";
import { LANGUAGES } from "./text.ts";

/** A DA's message language (the DA register edits it). */
export const languageInput = z.enum(LANGUAGES, { error: "Use en or es" });

/** The drafts of a station's week (week 1-based). */
export const draftsQuery = z.object({
  station: dbIdQuery("Not a station"),
  year: queryInt(2000, 2100, "Not a year"),
  week: queryInt(1, 53, "Not a week"),
});

/** Edit a draft's text, or skip it (or take it back). */
export const draftPatchInput = z.object({
  body: text().trim().min(1, "Write the message").max(1000, "At most 1000 characters").optional(),
  skipped: z.boolean().optional(),
}).strict().refine((v) => v.body !== undefined || v.skipped !== undefined, {
  message: "Nothing to change: send body or skipped",
});
export type DraftPatch = z.infer<typeof draftPatchInput>;

/** Send every unsent, not skipped draft of the week. */
export const sendDraftsInput = z.object({
  station: dbId("Required"),
  year: z.number().int().min(2000).max(2100),
  week: z.number().int().min(1).max(53),
});

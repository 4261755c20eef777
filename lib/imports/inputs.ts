// Inputs of the imports API, the /import page and the CLI: one zod schema per call.
import { z } from "zod";
import { pagingQuery } from "../paging/query.ts";
import { transporterId } from "../das/inputs.ts";
import { dbIdQuery, text } from "../inputs/fields.ts";
import type { ImportDialog } from "./dto.ts";

export const PAGE_REQUIRED = "Enter the page where table starts";

const pageNumber = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ error: "Enter a page number" }).int("Enter a whole page number").min(
    1,
    "Pages start at 1",
  ).max(10_000, "At most page 10000")
    .optional(),
);

/**
 * The text fields beside an uploaded file. page_numbers is the page where the scorecard's DA table starts:
 * required by the PDF dialog, ignored by every other one.
 */
export function uploadFields(dialog: ImportDialog) {
  return z.object({ page_numbers: pageNumber }).superRefine((v, ctx) => {
    if (dialog === "pdf" && v.page_numbers === undefined) {
      ctx.addIssue({ code: "custom", path: ["page_numbers"], message: PAGE_REQUIRED });
    }
  });
}
export type UploadFields = z.infer<ReturnType<typeof uploadFields>>;

/** GET history: the /import toggle (PDF files or CSV and spreadsheet files) and the page. */
export const historyQuery = z.object({ family: z.enum(["pdf", "csv"]).default("pdf") }).extend(
  pagingQuery.shape,
);
export type HistoryQuery = z.infer<typeof historyQuery>;

const name = (what: string) =>
  text({ error: "Required" }).trim().min(1, `Enter the ${what}`).max(100, `The ${what} is too long`);

/** "Create DA" for an id a file carries that no DA holds. */
export const createDaInput = z.object({
  transporter_id: transporterId,
  first_name: name("first name"),
  last_name: name("last name"),
  station_id: dbIdQuery("Choose a station"),
  /** files carry no address: without one the DA gets a placeholder on the reserved .invalid domain */
  email: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    text().trim().toLowerCase().max(254, "Enter a valid email address").pipe(
      z.email("Enter a valid email address"),
    ).optional(),
  ),
});
export type CreateDaInput = z.infer<typeof createDaInput>;

/** "Map to DA": the id belongs to a DA registered under another one. */
export const mapToDaInput = z.object({
  transporter_id: transporterId,
  user_id: dbIdQuery("Choose a DA"),
});
export type MapToDaInput = z.infer<typeof mapToDaInput>;

/** The CLI's skip check: which of these file hashes were imported already. */
export const hashesInput = z.object({
  sha256: z.array(z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, "Not a SHA-256 hex digest")).max(
    500,
    "At most 500 hashes at once",
  ),
});
export type HashesInput = z.infer<typeof hashesInput>;

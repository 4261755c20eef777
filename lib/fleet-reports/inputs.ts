// What fleet reports accept: the month asked for (statistic, export, import), the invoice POST of 02
// section 7, and the invoice amount rule shared by the page, the API, the CSV import and the CLI. Pure.
import { z } from "zod";
import { dollarsToCents } from "../money.ts";

export const MIN_YEAR = 2000;
export const MAX_YEAR = 9999;

const month = z.coerce.number().int("must be a whole number").min(1, "must be 1 to 12").max(
  12,
  "must be 1 to 12",
);
const year = z.coerce.number().int("must be a whole number").min(MIN_YEAR, `must be ${MIN_YEAR} or later`)
  .max(MAX_YEAR, `must be ${MAX_YEAR} or earlier`);

/** GET api/statistic/?statistic=fleet_reports_data&month=&year= (and the export): `search` is the 'Van' box. */
export const fleetReportQuery = z.object({
  month: month.describe("1-12"),
  year,
  search: z.string().trim().max(100).optional().describe("The 'Van' search: van number, plate or VIN"),
});
export type FleetReportQuery = z.infer<typeof fleetReportQuery>;

/** POST api/create-update-van-actual-invoice/ as the spec's client sends it. */
export const invoiceInput = z.object({
  invoice: z.union([z.string().max(32), z.number()]).describe("Dollars, at most 2 decimals, 0 or more"),
  vanNumber: z.union([z.string().trim().min(1, "is required").max(50), z.number().int().nonnegative()])
    .transform(String).describe("The van's number"),
  month,
  year,
});
export type InvoiceInput = z.infer<typeof invoiceInput>;

/** The multipart fields beside the CSV file of an invoice import. */
export const invoiceImportFields = z.object({ month, year });

/**
 * An invoice in cents, or null when it is not dollars >= 0 with at most 2 decimals. Text is read as money
 * everywhere is (lib/money.ts: '1250', '1250.5', '$1,250.00'); a JSON number must not carry more than 2
 * decimals either (1250.555 is refused, not rounded: an invoice is copied, never estimated).
 */
export function invoiceCents(value: string | number): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-6) return null;
    return dollarsToCents(value);
  }
  if (value.trim() === "") return null;
  return dollarsToCents(value);
}

/** 'YYYY-MM' (the CLI's --month) as {year, month}, or null. */
export function parseMonthParam(s: string): { year: number; month: number } | null {
  const m = /^(\d{4})-(\d{1,2})$/.exec(s.trim());
  if (!m) return null;
  const parsed = z.object({ year, month }).safeParse({ year: m[1], month: m[2] });
  return parsed.success ? parsed.data : null;
}

// The fleet's 5 % rule (02 sections 4 "Fleet", 9): a van's monthly rate and its actual invoice agree when
// their difference, |a - b| divided by their mean, times 100, is at most 5. Pure and in integer cents, so
// the page's colours, the footer, the xlsx and the tests all read the same answer. Islands load it.

export const TOLERANCE_PERCENT = 5;

/** ok: within 5 %; off: further apart; none: nothing to compare yet (no invoice entered). */
export type Agreement = "ok" | "off" | "none";

/**
 * |a - b| / ((a + b) / 2) x 100, or null without an invoice. Both zero is 0 % (nothing owed, nothing
 * billed). A missing rate counts as 0, so an invoice for a van without a rate shows as off (200 %).
 */
export function differencePercent(rateCents: number | null, invoiceCents: number | null): number | null {
  if (invoiceCents === null) return null;
  const a = rateCents ?? 0;
  const b = invoiceCents;
  if (a + b === 0) return 0;
  return (Math.abs(a - b) * 200) / (a + b);
}

/** The rule in integers (no rounding at the 5 % edge): 200|a-b| <= 5 (a + b), i.e. 40|a-b| <= a + b. */
export function agreement(rateCents: number | null, invoiceCents: number | null): Agreement {
  if (invoiceCents === null) return "none";
  const a = rateCents ?? 0;
  return Math.abs(a - invoiceCents) * 200 <= TOLERANCE_PERCENT * (a + invoiceCents) ? "ok" : "off";
}

export interface Amounts {
  rate_cents: number | null;
  invoice_cents: number | null;
}

export interface Totals {
  rateCents: number;
  invoiceCents: number;
  /** How many of the rows have an invoice. */
  invoiced: number;
  agreement: Agreement;
}

/** The footer: the sums of the rows shown, judged by the same rule ('none' until any invoice is in). */
export function totals(rows: readonly Amounts[]): Totals {
  let rateCents = 0;
  let invoiceCents = 0;
  let invoiced = 0;
  for (const r of rows) {
    rateCents += r.rate_cents ?? 0;
    if (r.invoice_cents !== null) {
      invoiceCents += r.invoice_cents;
      invoiced++;
    }
  }
  return {
    rateCents,
    invoiceCents,
    invoiced,
    agreement: agreement(rateCents, invoiced ? invoiceCents : null),
  };
}

/** The 'Van' search: van number, plate or VIN containing the text, whatever the case. */
export function matchesVan(row: { van: string; plate: string; vin: string }, search: string): boolean {
  const s = search.trim().toLowerCase();
  if (!s) return true;
  return [row.van, row.plate, row.vin].some((v) => v.toLowerCase().includes(s));
}

/** The month of a 'YYYY-MM-DD' date. */
export function monthOf(date: string): { year: number; month: number } {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

/**
 * Whether month `m` comes after `limit`. The limit is the current month in the organisation's time zone:
 * a leasing invoice arrives during or after its month, so later months are neither shown nor written.
 */
export function isAfter(m: { year: number; month: number }, limit: { year: number; month: number }): boolean {
  return m.year * 12 + m.month > limit.year * 12 + limit.month;
}

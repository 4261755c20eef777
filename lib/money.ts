// Money: integer cents in the database, decimal dollar strings ("1250.00") in DTOs, forms and files. One
// rule reads an amount wherever people type or upload one (the van setup form, the van roster import), so
// what the form refuses the import refuses too. Pure: islands may load it.

/** The largest amount read by default: $9,999,999.99, so the cents always fit an integer column. */
export const MAX_AMOUNT_CENTS = 999_999_999;

/** Optional '$' (spaces after it allowed), whole dollars plain or grouped by thousands, 1-2 decimals. */
const AMOUNT = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * Dollars to integer cents: text exactly ('1250', '1,250.5', '$1250.00', '$ 2150'; '19.99' is 1999, no
 * floating-point slip), a number (a spreadsheet cell, a JSON field) rounded to the cent. Commas only
 * separate thousands ('12,50' and '1.195,00' are refused), never more than two decimals in text, never
 * negative. Null when it is not such an amount or is over `max` cents.
 */
export function dollarsToCents(value: string | number, max: number = MAX_AMOUNT_CENTS): number | null {
  let cents: number;
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    cents = Math.round(value * 100);
  } else {
    const m = AMOUNT.exec(value.trim());
    if (!m) return null;
    cents = Number(m[1].replaceAll(",", "")) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  }
  return cents <= max ? cents : null;
}

/** 125000 -> "1250.00" (whole dollars and cents apart, so no floating point); null stays null. */
export function centsToDollars(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

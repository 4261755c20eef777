// Money for reference data: integer cents in the database, decimal dollar strings ("1250.00") in DTOs and
// forms, "$1,250.00" on screen. Pure, so the Setup island uses the same rules as the API.

/**
 * Dollars as typed ("1250", "1,250.5", "$1250.00") to integer cents; null when it is not an amount. At most
 * $9,999,999.99, so the cents always fit the database's integer column.
 */
export function dollarsToCents(text: string): number | null {
  return parseDollars(text, 7);
}

function parseDollars(text: string, maxWholeDigits: number): number | null {
  const clean = text.trim().replace(/^\$/, "").replaceAll(",", "");
  if (!new RegExp(`^\\d{1,${maxWholeDigits}}(\\.\\d{1,2})?$`).test(clean)) return null;
  const [whole, frac = ""] = clean.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** 125000 -> "1250.00"; null stays null. */
export function centsToDollars(cents: number | null | undefined): string | null {
  if (cents === null || cents === undefined) return null;
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const MONEY = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A decimal dollar string or cents as "$1,250.00"; empty for no amount. */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return "";
  const cents = typeof amount === "number" ? amount : parseDollars(amount.replace(/^-/, ""), 13);
  if (cents === null || !Number.isFinite(cents)) return "";
  const negative = typeof amount === "string" ? amount.startsWith("-") : cents < 0;
  const abs = Math.abs(cents);
  // Whole dollars and cents apart, so large amounts never meet floating-point rounding.
  const dollars = MONEY.format(Math.floor(abs / 100)).replace(/\.00$/, "");
  return `${negative ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

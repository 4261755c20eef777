// Money for reference data: integer cents in the database, decimal dollar strings ("1250.00") in DTOs and
// forms, "$1,250.00" on screen. Pure, so the Setup island uses the same rules as the API. Reading and
// writing amounts is lib/money.ts.
import { dollarsToCents } from "../money.ts";

const MONEY = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A decimal dollar string or cents as "$1,250.00"; empty for no amount. */
export function formatMoney(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === "") return "";
  const cents = typeof amount === "number"
    ? amount
    : dollarsToCents(amount.replace(/^-/, ""), Number.MAX_SAFE_INTEGER);
  if (cents === null || !Number.isFinite(cents)) return "";
  const negative = typeof amount === "string" ? amount.startsWith("-") : cents < 0;
  const abs = Math.abs(cents);
  // Whole dollars and cents apart, so large amounts never meet floating-point rounding.
  const dollars = MONEY.format(Math.floor(abs / 100)).replace(/\.00$/, "");
  return `${negative ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

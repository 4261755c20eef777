// How the fleet report shows money and the 5 % rule's verdict. Pure (a test sits beside it).
import { type Agreement, differencePercent } from "../../lib/fleet-reports/calc.ts";

/** 125050 -> '1,250.50'; null -> '' (display only: sums and rules stay in integer cents). */
export function money(cents: number | null): string {
  if (cents === null) return "";
  const whole = Math.trunc(cents / 100).toLocaleString("en-US");
  return `${cents < 0 ? "-" : ""}${whole.replace("-", "")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}

/** The cell classes of a verdict: green within 5 %, red beyond, plain with nothing to compare. */
export const AGREEMENT_CLASS: Record<Agreement, string> = {
  ok: "bg-emerald-50 text-emerald-800",
  off: "bg-red-50 text-red-700",
  none: "",
};

/** The words for a verdict (a cell's title and screen readers): '2.9 % apart (within 5 %)'. */
export function agreementText(a: Agreement, rateCents: number | null, invoiceCents: number | null): string {
  const pct = differencePercent(rateCents, invoiceCents);
  if (a === "none" || pct === null) return "No invoice yet";
  const shown = Math.round(pct * 10) / 10;
  return `${shown} % apart (${a === "ok" ? "within" : "over"} 5 %)`;
}

/** Keeps what an invoice may hold while typing: digits and one '.', at most 2 decimals. */
export function invoiceKeys(text: string): string {
  const clean = text.replace(/[^\d.]/g, "");
  const [whole, ...rest] = clean.split(".");
  return rest.length ? `${whole}.${rest.join("").slice(0, 2)}` : whole;
}

// Reading one spreadsheet cell as what a roster column means: text, a date, a number of cents, a status.
// Pure functions; the zod row schemas of das.ts and vans.ts are built from them.
import { z } from "zod";
import { isIsoDate } from "../dates/calendar.ts";
import { dollarsToCents } from "../money.ts";
import { checkPhone } from "../inputs/phone.ts";
import { type Cell, cellText, isoOfDate, loose } from "../sheets/cells.ts";

/** Excel's day serial (1900 system) to YYYY-MM-DD; serial 60 is Excel's fictitious 29-02-1900. */
export function excelSerialToIso(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465 || serial === 60) return null;
  const days = Math.floor(serial) - (serial > 60 ? 25_569 : 25_568);
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

export const DATE_HELP = "use YYYY-MM-DD or DD-MM-YYYY";

/** A date cell: a real Excel date, an Excel serial number, 'YYYY-MM-DD' or 'DD-MM-YYYY'. */
export function cellDate(v: Cell | undefined): { ok: true; value: string | null } | { ok: false } {
  if (v instanceof Date) {
    const iso = isoOfDate(v);
    return iso && isIsoDate(iso) ? { ok: true, value: iso } : { ok: false };
  }
  if (typeof v === "number") {
    const iso = excelSerialToIso(v);
    return iso && isIsoDate(iso) ? { ok: true, value: iso } : { ok: false };
  }
  const s = cellText(v);
  if (s === null) return { ok: true, value: null };
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  let iso: string | null = null;
  if (m) iso = `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(s);
  if (m) iso = `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`;
  return iso && isIsoDate(iso) ? { ok: true, value: iso } : { ok: false };
}

/**
 * A money cell to integer cents by the one money rule (lib/money.ts): a number cell rounded to the cent,
 * text such as '1,195.50' or '$1195'; null when empty; NaN when not an amount.
 */
export function cellCents(v: Cell | undefined): number | null {
  const value = typeof v === "number" ? v : cellText(v);
  if (value === null) return null;
  return dollarsToCents(value) ?? NaN;
}

/** Choices by number or by name ('Off Boarded', 'offboarded'); null when empty, undefined when unknown. */
export function choice(
  v: Cell | undefined,
  options: readonly { id: number; label: string }[],
): number | null | undefined {
  const s = cellText(v);
  if (s === null) return null;
  if (/^\d+(\.0+)?$/.test(s)) return options.find((o) => o.id === Number(s))?.id;
  return options.find((o) => loose(o.label) === loose(s))?.id;
}

/** "1 Active, 2 Rehired, ...": each id once, with its first (main) name. */
export function choiceHelp(options: readonly { id: number; label: string }[]): string {
  return options.filter((o, i) => options.findIndex((x) => x.id === o.id) === i).map((o) =>
    `${o.id} ${o.label}`
  ).join(", ");
}

// ----------------------------------------------------------------- zod building blocks over cells

/** Optional text up to `max` characters (null when empty). */
export const textCell = (max = 200) =>
  z.custom<Cell>().transform((v, ctx): string | null => {
    const s = cellText(v);
    if (s !== null && s.length > max) {
      ctx.addIssue({ code: "custom", message: `Too long: at most ${max} characters` });
      return z.NEVER;
    }
    return s;
  });

export const dateCell = () =>
  z.custom<Cell>().transform((v, ctx): string | null => {
    const r = cellDate(v);
    if (r.ok) return r.value;
    ctx.addIssue({ code: "custom", message: `Not a date (${cellText(v) ?? ""}): ${DATE_HELP}` });
    return z.NEVER;
  });

export const choiceCell = (options: readonly { id: number; label: string }[]) =>
  z.custom<Cell>().transform((v, ctx): number | null => {
    const id = choice(v, options);
    if (id !== undefined) return id;
    ctx.addIssue({ code: "custom", message: `Unknown value '${cellText(v)}': use ${choiceHelp(options)}` });
    return z.NEVER;
  });

const EMAIL = z.email();

export const emailCell = () =>
  z.custom<Cell>().transform((v, ctx): string | null => {
    const s = cellText(v)?.replace(/^mailto:/i, "") ?? null;
    if (s === null) return null;
    if (s.length > 254 || !EMAIL.safeParse(s).success) {
      ctx.addIssue({ code: "custom", message: `Not a valid e-mail address: ${s}` });
      return z.NEVER;
    }
    return s.toLowerCase();
  });

/** A phone number, read in the organisation's default country and stored in E.164 (lib/inputs/phone.ts). */
export const phoneCell = () =>
  z.custom<Cell>().transform((v, ctx): string | null => {
    const s = cellText(v);
    if (s === null) return null;
    const checked = checkPhone(s);
    if (checked.ok) return checked.e164;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  });

export const centsCell = () =>
  z.custom<Cell>().transform((v, ctx): number | null => {
    const c = cellCents(v);
    if (c === null || Number.isFinite(c)) return c;
    ctx.addIssue({
      code: "custom",
      message: `Not an amount in dollars (${cellText(v)}): write e.g. 1195.00`,
    });
    return z.NEVER;
  });

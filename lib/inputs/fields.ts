// The zod building blocks every input schema's free text and row ids are made of. PostgreSQL refuses a NUL
// character in text and an integer past int4 with an error, so both are refused here, as a 400 naming the
// field, before a query sees them. Pure zod: islands import it.
import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column (every id and count column). */
export const INT4_MAX = 2_147_483_647;
export const NUL_MESSAGE = "Must not contain a NUL character";

const noNul = (v: string) => !v.includes("\u0000");

/** Any text: a string without NUL. Chain trim/min/max on it as on z.string(). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(noNul, NUL_MESSAGE);

/** A search or filter box: trimmed, at most `max` characters, absent or blank meaning no filter. */
export const searchText = (max = 100) =>
  z.string().trim().max(max, `At most ${max} characters`).refine(noNul, NUL_MESSAGE).optional()
    .transform((v) => (v ? v : undefined));

/**
 * A whole number an int4 column holds, `min` and up (JSON bodies: a number). `missing` is the message
 * when it is absent or not a number at all.
 */
export const dbInt = (min = 0, message = "Not valid", missing = message) =>
  z.number({ error: missing }).int(message).min(min, message).max(INT4_MAX, message);

/** A row id in a JSON body: a positive integer an int4 column holds. */
export const dbId = (message = "Not valid", missing = message) => dbInt(1, message, missing);

const DIGITS = /^\s*\d{1,10}\s*$/;

/**
 * A row id from a query string or a form field: plain digits only, so '1e10', '-1', '1.5' and '0x10' are
 * refused rather than coerced, and at most 2^31-1. Numbers (JSON) are accepted too.
 */
export const dbIdQuery = (message = "Not valid") =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : DIGITS.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= INT4_MAX) return n;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/** "1" or "1,2": distinct row ids in one query parameter; "" is none. */
export const dbIdList = (what: string) =>
  z.string().transform((v, ctx) => {
    if (v.trim() === "") return [] as number[];
    const parts = v.split(",");
    const ids = parts.map((s) => (DIGITS.test(s) ? Number(s) : NaN));
    if (ids.some((n) => !Number.isInteger(n) || n < 1 || n > INT4_MAX)) {
      ctx.addIssue({ code: "custom", message: `Not a ${what} id (or comma-separated ids)` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

/** An optional whole number from a query string (page, month, year): digits only, within [min, max]. */
export const queryInt = (min: number, max: number, message = "Not valid") =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : DIGITS.test(v) ? Number(v) : NaN;
    if (Number.isInteger(n) && n >= min && n <= max) return n;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });

// The phone field, `phone()`, is in ./phone.ts with the number rules: it brings libphonenumber-js's metadata
// (about 100 KB), which only the islands with a phone field should load, not every island that pages a list.

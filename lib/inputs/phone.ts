// Phone numbers in E.164 (+12065550100), what SMS providers take. A number is read with the organisation's
// default country (the `default_phone_country` org setting, else DEFAULT_PHONE_COUNTRY, else US: see
// lib/settings/phone-country.ts), so people type them as they are used to: "(206) 555-0100" in the US,
// "07700 900123" in the UK, or with a + and country code anywhere. libphonenumber-js (Google's metadata,
// kept up to date) decides what a valid number is. Pure: islands import it.
import { z } from "zod";
import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from "libphonenumber-js/min";

export type { CountryCode };
export const FALLBACK_PHONE_COUNTRY: CountryCode = "US";

// One slot per process on globalThis: the Astro bundle has its own copy of this module, and the boot code
// that reads the setting (lib/boot) runs in main.ts's copy.
const SLOT = "__dspDefaultPhoneCountry";
type Slot = { [SLOT]?: CountryCode };

export function asCountry(code: string | undefined | null): CountryCode | undefined {
  const c = code?.trim().toUpperCase();
  return c && isSupportedCountry(c) ? c : undefined;
}

/** Sets the country a number without `+` is read in, for this process. */
export function setDefaultPhoneCountry(code: CountryCode): void {
  (globalThis as Slot)[SLOT] = code;
}

/**
 * The country national numbers are read in. On the server, US until boot has read the setting; in the
 * browser none, so the form checks the shape only and the server, which knows the org's country, decides.
 */
export function defaultPhoneCountry(): CountryCode | undefined {
  return (globalThis as Slot)[SLOT] ?? ("Deno" in globalThis ? FALLBACK_PHONE_COUNTRY : undefined);
}

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

const LOOKS_LIKE_PHONE = /^\+?[\d\s().\-/]+$/;

/** The number in E.164, or why not. `country` overrides the default (tests, a station's own country). */
export function checkPhone(raw: string, country = defaultPhoneCountry()): PhoneCheck {
  const s = raw.trim();
  const digits = s.replace(/\D/g, "").length;
  if (!LOOKS_LIKE_PHONE.test(s) || digits < 4) {
    return {
      ok: false,
      message: `Not a phone number: '${raw}'. Use digits, with + and the country code if abroad`,
    };
  }
  if (!country && !s.startsWith("+")) {
    return digits >= 7 && digits <= 15 ? { ok: true, e164: s } : invalid(raw, country);
  }
  const parsed = parsePhoneNumberFromString(s, country);
  return parsed?.isValid() ? { ok: true, e164: parsed.number } : invalid(raw, country);
}

function invalid(raw: string, country: CountryCode | undefined): PhoneCheck {
  const where = country ? ` for ${country}` : "";
  return {
    ok: false,
    message:
      `Not a valid phone number${where}: '${raw}'. Check the digits, or start with + and the country code`,
  };
}

/** E.164 for a number stored before validation existed, or null when it cannot be read (not dialled). */
export function normalisePhone(
  raw: string | null | undefined,
  country = defaultPhoneCountry(),
): string | null {
  if (!raw?.trim()) return null;
  const r = checkPhone(raw, country ?? FALLBACK_PHONE_COUNTRY);
  return r.ok ? r.e164 : null;
}

/**
 * An optional phone number (a profile's, a DA's, a staff member's, a roster cell's): trimmed; blank or null
 * is none (null); anything else must be a valid number and comes out in E.164. The message names the field
 * through its key (`{mobile_number: ["Not a valid phone number ..."]}`).
 */
export const phone = () =>
  z.union([z.string(), z.null()], { error: "Not valid: a phone number as text" }).transform(
    (v, ctx): string | null => {
      if (v === null || v.trim() === "") return null;
      if (v.length > 40) {
        ctx.addIssue({ code: "custom", message: "At most 40 characters" });
        return z.NEVER;
      }
      const checked = checkPhone(v);
      if (checked.ok) return checked.e164;
      ctx.addIssue({ code: "custom", message: checked.message });
      return z.NEVER;
    },
  );

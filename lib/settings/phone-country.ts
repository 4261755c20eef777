// The organisation's default phone country: the country a number typed without + is read in (lib/inputs/
// phone.ts). Kept in org_settings under `default_phone_country` (a key-value table: no migration), seeded
// from DEFAULT_PHONE_COUNTRY on a database that has none, US when neither is set. Read at every start into
// the process (zod input schemas are synchronous and cannot ask the database); setPhoneCountry changes both.
import type { Queryable } from "../db/client.ts";
import {
  asCountry,
  type CountryCode,
  FALLBACK_PHONE_COUNTRY,
  setDefaultPhoneCountry,
} from "../inputs/phone.ts";
import { getSetting, setSetting } from "./queries.ts";
import { config } from "../config.ts";

export const PHONE_COUNTRY_KEY = "default_phone_country";

/** DEFAULT_PHONE_COUNTRY when it names a country libphonenumber knows; an unknown value is ignored. */
export function envPhoneCountry(): CountryCode | undefined {
  return asCountry(config.defaultPhoneCountry);
}

/** The stored setting, else the environment's, else US; installed for this process. */
export async function loadPhoneCountry(db: Queryable): Promise<CountryCode> {
  const code = asCountry(await getSetting<string>(db, PHONE_COUNTRY_KEY)) ?? envPhoneCountry() ??
    FALLBACK_PHONE_COUNTRY;
  setDefaultPhoneCountry(code);
  return code;
}

/** Stores and installs a new default country (an ISO 3166 alpha-2 code libphonenumber knows). */
export async function setPhoneCountry(db: Queryable, code: string): Promise<CountryCode> {
  const country = asCountry(code);
  if (!country) throw new RangeError(`Not a country code: ${code}`);
  await setSetting(db, PHONE_COUNTRY_KEY, country);
  setDefaultPhoneCountry(country);
  return country;
}

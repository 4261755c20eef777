// GET api/countries/ (01 and 02 section 7 "countries lookup", {results}): the countries libphonenumber-js
// knows, with their English name and calling code, and which one is the organisation's default for phone
// numbers. The spec shows neither fields nor use; this is what a phone or country picker needs.
import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js/min";
import { defaultPhoneCountry } from "../inputs/phone.ts";

export interface CountryDto {
  code: CountryCode;
  name: string;
  calling_code: string;
  is_default: boolean;
}

export function listCountries(): { results: CountryDto[] } {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  const current = defaultPhoneCountry();
  const results = getCountries().map((code) => ({
    code,
    name: names.of(code) ?? code,
    calling_code: `+${getCountryCallingCode(code)}`,
    is_default: code === current,
  })).sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { results };
}

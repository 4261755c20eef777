// GET api/countries/: the countries lookup of the spec's section 7, {results: [{code, name, calling_code,
// is_default}]}, is_default marking the organisation's default phone country.
import { endpoint } from "../../lib/web/endpoint.ts";
import { listCountries } from "../../lib/settings/countries.ts";

export const GET = endpoint("reference.read", async () => listCountries());

// GET api/dolly-number/ (02 section 7): the dolly scanners for the tracker's picker, {count, results}; query
// page, page_size (up to 1000), station, status (1 available).
import { endpoint } from "../../lib/web/endpoint.ts";
import { queryParams } from "../../lib/web/params.ts";
import { scannerLookup, scannerLookupQuery } from "../../lib/reference/scanner-lookup.ts";

export const GET = endpoint(
  "reference.read",
  async (ctx) => scannerLookup(ctx.db, ctx.viewer, "dolly", scannerLookupQuery.parse(queryParams(ctx.url))),
);

// POST api/imports/create-da/ {transporter_id, first_name, last_name, station_id}: a DA for an id the files
// carry that no DA holds; the imported rows with that id link to it at once. 201 {id}.
import { endpoint, json, readJson } from "../../../lib/web/endpoint.ts";
import { createDaInput } from "../../../lib/imports/inputs.ts";
import { createDaFromUnmatched } from "../../../lib/imports/mutations.ts";

export const POST = endpoint(
  "import.linkDas",
  async (ctx) =>
    json(await createDaFromUnmatched(ctx.db, ctx.viewer, await readJson(ctx.request, createDaInput)), 201),
);

// POST api/imports/map-to-da/ {transporter_id, user_id}: the id belongs to a DA registered under another
// one; rows carrying it count as that DA's from now on.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { mapToDaInput } from "../../../lib/imports/inputs.ts";
import { mapToDa } from "../../../lib/imports/mutations.ts";

export const POST = endpoint("import.linkDas", async (ctx) => {
  await mapToDa(ctx.db, ctx.viewer, await readJson(ctx.request, mapToDaInput));
  return { ok: true };
});

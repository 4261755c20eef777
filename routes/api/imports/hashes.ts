// POST api/imports/hashes/ {sha256: [...]}: which of these files are imported already at the viewer's
// stations, so the CLI skips them without uploading ({imported: [...]}).
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { hashesInput } from "../../../lib/imports/inputs.ts";
import { importedHashes } from "../../../lib/imports/queries.ts";

export const POST = endpoint("import.upload", async (ctx) => {
  const input = await readJson(ctx.request, hashesInput);
  return { imported: await importedHashes(ctx.db, ctx.viewer, input.sha256) };
});

// One import of the viewer's stations: GET what it created (ImportDetailDto, with the ids no DA holds);
// DELETE removes it with its rows (the kept file goes too). 404 for another station's import.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { idParam } from "../../../lib/web/params.ts";
import { getImport } from "../../../lib/imports/queries.ts";
import { removeImport } from "../../../lib/imports/mutations.ts";

export const GET = endpoint(
  "import.read",
  async (ctx) => getImport(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);

export const DELETE = endpoint("import.manage", async (ctx) => {
  await removeImport(ctx.db, ctx.viewer, idParam(ctx.params.id));
  return new Response(null, { status: 204 });
});

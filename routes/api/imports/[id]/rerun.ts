// POST api/imports/{id}/rerun/: parses the kept file again with today's parser and stores its rows in place
// of the old ones (ImportOutcomeDto); 400 naming the problems when the file no longer imports.
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { rerunImport } from "../../../../lib/imports/mutations.ts";

export const POST = endpoint(
  "import.manage",
  async (ctx) => rerunImport(ctx.db, ctx.viewer, idParam(ctx.params.id)),
);

// POST multipart {file, kind, digest}: imports the file in one transaction. The plan is recomputed here,
// never taken from the client; `digest` (from the preview) confirms the user saw the rows to be skipped.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../../lib/uploads/guard.ts";
import { uploadFields } from "../../../lib/roster/inputs.ts";
import { commitRoster } from "../../../lib/roster/import.ts";

export const POST = endpoint("roster.import", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "file");
  const input = uploadFields.parse(fields);
  return await commitRoster(ctx.db, ctx.viewer, input.kind, file, input.digest);
});

// POST multipart {file, kind}: what importing the file would create, update, leave and reject. Writes nothing.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../../lib/uploads/guard.ts";
import { uploadFields } from "../../../lib/roster/inputs.ts";
import { previewRoster } from "../../../lib/roster/import.ts";

export const POST = endpoint("roster.import", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "file");
  const input = uploadFields.parse(fields);
  return await previewRoster(ctx.db, ctx.viewer, input.kind, file);
});

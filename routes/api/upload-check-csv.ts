// upload check csv (03 sections 2.1, 5): multipart file1 and file2, routed by the fifth '_' segment of
// file1's name (the station code). 201 with what was stored; 400 naming the file and what is wrong.
import { endpoint, json } from "../../lib/web/endpoint.ts";
import { readMultipartFiles } from "../../lib/uploads/guard.ts";
import { uploadCheckCsv } from "../../lib/checks/mutations.ts";

export const POST = endpoint("import.upload", async (ctx) => {
  const { files } = await readMultipartFiles(ctx.request, ["file1", "file2"]);
  const out = await uploadCheckCsv(ctx.db, ctx.viewer, files.file1, files.file2);
  return json(out, out.files.every((f) => f.status === "unchanged") ? 200 : 201);
});

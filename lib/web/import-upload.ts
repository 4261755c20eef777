// The HTTP side shared by the seven upload endpoints of 01 section 7 "Uploads": read the one file of the
// multipart body (413 past the limit), parse the dialog's fields, import, and answer 201 for a stored file or
// 200 when the same file was already in. The routes under routes/api/upload-*.ts are one line each.
import type { APIRoute } from "astro";
import { endpoint, json } from "./endpoint.ts";
import { readMultipartFile } from "../uploads/guard.ts";
import type { ImportDialog } from "../imports/dto.ts";
import { uploadFields } from "../imports/inputs.ts";
import { importFile } from "../imports/store.ts";

export function uploadRoute(dialog: ImportDialog, field: string): APIRoute {
  return endpoint("import.upload", async (ctx) => {
    const { file, fields } = await readMultipartFile(ctx.request, field);
    const input = uploadFields(dialog).parse(fields);
    const outcome = await importFile(ctx.db, ctx.viewer, {
      dialog,
      fileName: file.fileName,
      bytes: file.bytes,
      contentType: file.contentType,
      startPage: input.page_numbers,
    });
    return json(outcome, outcome.status === "unchanged" ? 200 : 201);
  });
}

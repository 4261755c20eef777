// The weekly quality CSVs of 01 section 7 (DCR, POD or PSB), the spec's name for upload-quality. POST
// multipart {csv_file}: 201 with the import, 200 when the same file is already in, 400 naming every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("quality", "csv_file");

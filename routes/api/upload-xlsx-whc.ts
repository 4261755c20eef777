// The WHC check workbook (01 "Import page", dialog 5). POST multipart {xlsx_file}: 201 with the import
// (imported, or replacing the station-week's older file), 200 when the same file is already in, 400 naming
// every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("whc", "xlsx_file");

// Capacity reliability, PDF or XLSX (01 "Import page", dialog 4 accepts either file, whichever of the two
// endpoints the client picks). POST multipart {xlsx_file, page_numbers (ignored)}: 201 with the import
// (imported, or replacing the station-week's older file), 200 when the same file is already in, 400 naming
// every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("reliability", "xlsx_file");

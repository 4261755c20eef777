// The weekly DNR (DSB) CSV, or its package-level concessions CSV (01 "Import page", dialog 2).
// POST multipart {csv_file}: 201 with the import (imported, or replacing the station-week's older file),
// 200 when the same file is already in, 400 naming every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("dnr", "csv_file");

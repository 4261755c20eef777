// The weekly DCR, POD or PSB quality CSV (the CLI sends them; no dialog of its own). POST multipart
// {csv_file}: 201 with the import (imported, or replacing the station-week's older file), 200 when the same
// file is already in, 400 naming every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("quality", "csv_file");

// The weekly deliveries CSV of 01 section 7: the DSB/DNR file or its package-level Delivery Concessions
// variant (the DNR dialog's kinds). POST multipart {csv_file}: 201 with the import, 200 when the same file
// is already in, 400 naming every problem.
import { uploadRoute } from "../../lib/web/import-upload.ts";

export const POST = uploadRoute("dnr", "csv_file");

// POST multipart {file, month, year}: a month's invoices from a CSV, all or nothing (the page's dialog and
// `dsp fleet-report invoices import`).
import { endpoint } from "../../../../lib/web/endpoint.ts";
import { readMultipartFile } from "../../../../lib/uploads/guard.ts";
import { invoiceImportFields } from "../../../../lib/fleet-reports/inputs.ts";
import { importInvoices } from "../../../../lib/fleet-reports/import.ts";

export const POST = endpoint("fleetReports.editInvoice", async (ctx) => {
  const { file, fields } = await readMultipartFile(ctx.request, "file");
  const m = invoiceImportFields.parse(fields);
  return await importInvoices(ctx.db, ctx.viewer, file.bytes, m);
});

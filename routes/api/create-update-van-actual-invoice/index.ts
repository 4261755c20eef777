// POST {invoice, vanNumber, month, year}: creates or updates the van's actual invoice for the month (02
// section 7); answers {data: {data: [{fields: {invoice}}], created, vin, plate}} as the spec's client reads.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { invoiceInput } from "../../../lib/fleet-reports/inputs.ts";
import { saveInvoice } from "../../../lib/fleet-reports/mutations.ts";

export const POST = endpoint(
  "fleetReports.editInvoice",
  async (ctx) => saveInvoice(ctx.db, ctx.viewer, await readJson(ctx.request, invoiceInput)),
);

// The shapes fleet reports answer with (02 section 3 "Fleet report row", "Actual invoice record"; section 7
// fleet_reports_data and create-update-van-actual-invoice). Money leaves as decimal strings; the *_cents
// fields are our own additions (optional to the spec's client) so the page judges the 5 % rule in integers.

/** One van of the month. `rate` is the van's monthly rate; `invoice` the month's actual invoice, if any. */
export interface FleetReportRowDto {
  id: number;
  company: string;
  model: string;
  station: string;
  station_id: number | null;
  size: string;
  van: string;
  plate: string;
  vin: string;
  rate: string | null;
  rate_cents: number | null;
  invoice: string | null;
  invoice_id: number | null;
  invoice_cents: number | null;
}

/** A stored invoice, keyed as the spec's client reads it. */
export interface ActualInvoiceDto {
  id: number;
  van__number: string;
  van__vin: string;
  van__plate_number: string;
  month: number;
  year: number;
  invoice: string;
}

/** fleet_reports_data: the month's vans and the month's invoices. */
export interface FleetReportDto {
  month: number;
  year: number;
  dataList: FleetReportRowDto[];
  vanActualInvoiceList: ActualInvoiceDto[];
}

/** The saved invoice as a serialised list (Django's serializer shape: model, pk, fields). */
export interface SerialisedInvoice {
  model: "fleet.vanactualinvoice";
  pk: number;
  fields: { van: number; month: number; year: number; invoice: string };
}

/** POST api/create-update-van-actual-invoice/: {data: {data, created, vin, plate}} plus the updated row. */
export interface SavedInvoiceDto {
  data: {
    data: [SerialisedInvoice];
    created: boolean;
    vin: string;
    plate: string;
    /** The van's row as the report now shows it (our addition). */
    row: FleetReportRowDto;
  };
}

/** A CSV import's outcome: how many invoices were created and replaced for the month. */
export interface InvoiceImportDto {
  month: number;
  year: number;
  created: number;
  updated: number;
  rows: number;
}

// A month's invoices from a CSV in one go (issue 11 point 5): a header naming a van number (or VIN) column
// and an invoice column, then one van a line. All or nothing: every bad line is named by its line number
// and nothing is written until the whole file is right. The CSV is read through lib/sheets (encodings,
// delimiters) in a parse worker, as every upload is; the rules of an amount are the page's (inputs.ts).
import type { Db } from "../db/client.ts";
import type { MonthRef } from "../dates/periods.ts";
import { readCsvOffThread } from "../sheets/csv.ts";
import type { Viewer } from "../users/current-user.ts";
import type { InvoiceImportDto } from "./dto.ts";
import { importEmpty, importInvalid, type ImportProblem, importUnreadable, INVOICE_RULE } from "./errors.ts";
import { invoiceCents } from "./inputs.ts";
import { assertOpenMonth, type InvoiceWrite, stationVans, upsertInvoices } from "./mutations.ts";

/** Header names as people write them, compared without case, spaces or punctuation. */
const VAN_HEADERS = ["van", "vannumber", "vanno", "number", "fleetnumber"];
const VIN_HEADERS = ["vin", "vinnumber"];
const INVOICE_HEADERS = ["invoice", "actualinvoice", "actualinvoicerate", "invoiceamount", "amount"];

const key = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

export interface VanLookup {
  byNumber: Map<string, number>;
  byVin: Map<string, number>;
}

export interface ImportPlan {
  items: InvoiceWrite[];
  problems: ImportProblem[];
}

function columnsOf(header: string[]): { van: number; vin: number; invoice: number } {
  const keys = header.map(key);
  const find = (names: string[]) => keys.findIndex((k) => names.includes(k));
  return { van: find(VAN_HEADERS), vin: find(VIN_HEADERS), invoice: find(INVOICE_HEADERS) };
}

/** What the records would write, or every line at fault. Pure: `records[i]` is the file's line i + 1. */
export function planImport(records: string[][], vans: VanLookup): ImportPlan {
  const header = records[0] ?? [];
  const col = columnsOf(header);
  if ((col.van < 0 && col.vin < 0) || col.invoice < 0) {
    const found = header.filter((h) => h.trim()).map((h) => `'${h.trim()}'`).join(", ") || "nothing";
    return {
      items: [],
      problems: [{
        line: 1,
        message: `the header must name a 'Van' (or 'VIN') column and an 'Invoice' column; it has ${found}`,
      }],
    };
  }
  const items: InvoiceWrite[] = [];
  const problems: ImportProblem[] = [];
  const lineOfVan = new Map<number, number>();
  records.slice(1).forEach((rec, i) => {
    const line = i + 2;
    if (rec.every((c) => !c.trim())) return;
    const cell = (n: number) => (n < 0 ? "" : (rec[n] ?? "").trim());
    const number = cell(col.van);
    const vin = cell(col.vin);
    const vanId = number
      ? vans.byNumber.get(number.toLowerCase())
      : vin
      ? vans.byVin.get(vin.toUpperCase())
      : 0;
    const raw = cell(col.invoice);
    const cents = raw ? invoiceCents(raw) : null;
    if (!number && !vin) problems.push({ line, message: "no van number or VIN" });
    else if (vanId === undefined) {
      problems.push({ line, message: `there is no van ${number || `with VIN ${vin}`} at your stations` });
    }
    if (!raw) problems.push({ line, message: "no invoice" });
    else if (cents === null) problems.push({ line, message: `invoice '${raw}' is not ${INVOICE_RULE}` });
    if (!vanId || cents === null) return;
    const earlier = lineOfVan.get(vanId);
    if (earlier) {
      problems.push({ line, message: `van ${number || vin} is on line ${earlier} already` });
      return;
    }
    lineOfVan.set(vanId, line);
    items.push({ vanId, cents });
  });
  return { items, problems };
}

/** Imports the CSV's invoices for month `m` at the viewer's stations: all of them, or none. */
export async function importInvoices(
  db: Db,
  viewer: Pick<Viewer, "id" | "stationIds">,
  bytes: Uint8Array,
  m: MonthRef,
  now = new Date(),
): Promise<InvoiceImportDto> {
  await assertOpenMonth(db, m, now);
  const read = await readCsvOffThread(bytes);
  if (!read.ok) {
    throw importUnreadable(
      read.fault === "not_text"
        ? "it is not a text file (save the sheet as CSV)"
        : `${read.why}${read.line ? ` (line ${read.line})` : ""}`,
    );
  }
  const plan = planImport(read.records, await stationVans(db, viewer.stationIds));
  if (plan.problems.length) throw importInvalid(plan.problems);
  if (!plan.items.length) throw importEmpty();
  // One INSERT ... ON CONFLICT statement: it writes every line or, failing, none.
  const saved = await upsertInvoices(db, m, plan.items, viewer.id);
  const created = saved.filter((s) => s.created).length;
  return { month: m.month, year: m.year, created, updated: saved.length - created, rows: saved.length };
}

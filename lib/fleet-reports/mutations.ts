// Writes of fleet reports: one van's invoice for a month (typed on the page, POSTed by the spec's client)
// and a month's invoices from a CSV (import.ts), both through `upsertInvoices`, so the rules are one.
import { and, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { type MonthRef, todayIn } from "../dates/periods.ts";
import { formatMonthYear } from "../dates/format.ts";
import { centsToDollars } from "../money.ts";
import { vans } from "../org/schema.ts";
import { getTimeZone } from "../settings/queries.ts";
import type { Viewer } from "../users/current-user.ts";
import { vanInStations } from "../vans/queries.ts";
import { isAfter, monthOf } from "./calc.ts";
import type { SavedInvoiceDto } from "./dto.ts";
import { futureMonth, invalidInvoice, vanNotFound } from "./errors.ts";
import { invoiceCents, type InvoiceInput } from "./inputs.ts";
import { fleetReportRow } from "./queries.ts";
import { vanActualInvoices } from "./schema.ts";

/** Refuses a month after the current one (organisation's time zone), the page's navigation limit. */
export async function assertOpenMonth(db: Queryable, m: MonthRef, now = new Date()): Promise<void> {
  const limit = monthOf(todayIn(await getTimeZone(db), now));
  if (isAfter(m, limit)) throw futureMonth(formatMonthYear(m.month, m.year));
}

export interface InvoiceWrite {
  vanId: number;
  cents: number;
}

/** Creates or replaces each van's invoice for the month; returns the rows with whether each was new. */
export async function upsertInvoices(
  db: Queryable,
  m: MonthRef,
  items: readonly InvoiceWrite[],
  editorId: number,
): Promise<{ id: number; vanId: number; created: boolean }[]> {
  if (!items.length) return [];
  return await db.insert(vanActualInvoices)
    .values(items.map((i) => ({
      vanId: i.vanId,
      month: m.month,
      year: m.year,
      invoiceCents: i.cents,
      editedById: editorId,
    })))
    .onConflictDoUpdate({
      target: [vanActualInvoices.vanId, vanActualInvoices.year, vanActualInvoices.month],
      set: {
        invoiceCents: sql`excluded.invoice_cents`,
        editedById: sql`excluded.edited_by_id`,
        modifiedAt: sql`now()`,
      },
    })
    // xmax is 0 on a row this statement inserted, and set on one it updated: created vs replaced in one trip.
    .returning({
      id: vanActualInvoices.id,
      vanId: vanActualInvoices.vanId,
      created: sql<boolean>`(xmax = 0)`,
    });
}

/** POST api/create-update-van-actual-invoice/: create or update by van number, month and year. */
export async function saveInvoice(
  db: Queryable,
  viewer: Pick<Viewer, "id" | "stationIds">,
  input: InvoiceInput,
  now = new Date(),
): Promise<SavedInvoiceDto> {
  const cents = invoiceCents(input.invoice);
  if (cents === null) throw invalidInvoice();
  const m = { year: input.year, month: input.month };
  await assertOpenMonth(db, m, now);
  const [van] = await db.select({ id: vans.id, vin: vans.vin, plate: vans.plateNumber }).from(vans)
    .where(and(vanInStations(viewer.stationIds), sql`lower(${vans.number}) = lower(${input.vanNumber})`));
  if (!van) throw vanNotFound(input.vanNumber);
  const [saved] = await upsertInvoices(db, m, [{ vanId: van.id, cents }], viewer.id);
  const row = await fleetReportRow(db, viewer.stationIds, van.id, m);
  return {
    data: {
      data: [{
        model: "fleet.vanactualinvoice",
        pk: saved.id,
        fields: { van: van.id, month: m.month, year: m.year, invoice: centsToDollars(cents)! },
      }],
      created: saved.created,
      vin: van.vin,
      plate: van.plate,
      row: row!,
    },
  };
}

/** The vans of the viewer's stations by lower-case number and by upper-case VIN (the import's lookup). */
export async function stationVans(
  db: Queryable,
  stationIds: readonly number[],
): Promise<{ byNumber: Map<string, number>; byVin: Map<string, number> }> {
  const rows = await db.select({ id: vans.id, number: vans.number, vin: vans.vin }).from(vans)
    .where(vanInStations(stationIds));
  const byNumber = new Map<string, number>();
  const byVin = new Map<string, number>();
  for (const r of rows) {
    byNumber.set(r.number.toLowerCase(), r.id);
    if (r.vin.trim()) byVin.set(r.vin.trim().toUpperCase(), r.id);
  }
  return { byNumber, byVin };
}

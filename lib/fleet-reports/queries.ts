// Reads of fleet reports: a month's vans at the viewer's stations with their monthly rate and that month's
// invoice (02 "Fleet reports"). Scoped to the viewer's stations inside the SQL, one query per answer.
//
// Which vans belong to a month (docs/decisions.md): every van of the viewer's stations, except a van picked
// up after the month ended and a van off-boarded before the month began (status 3 with its last status
// change before the 1st). A van that has an invoice for the month is always listed, whatever its state.
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { isoDate } from "../dates/calendar.ts";
import type { MonthRef } from "../dates/periods.ts";
import { centsToDollars } from "../money.ts";
import { fleetSizes, stations, vans } from "../org/schema.ts";
import { vanInStations } from "../vans/queries.ts";
import { VanStatus } from "../vans/policy.ts";
import { vanActualInvoices } from "./schema.ts";
import type { ActualInvoiceDto, FleetReportDto, FleetReportRowDto } from "./dto.ts";
import { type FleetReportQuery, fleetReportQuery } from "./inputs.ts";

/** The month's first day and the next month's first day ('YYYY-MM-DD'). */
export function monthBounds({ year, month }: MonthRef): { start: string; end: string } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { start: isoDate(year, month, 1), end: isoDate(next.year, next.month, 1) };
}

/** Text inside a LIKE pattern, taken literally. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether a van is in the month (see the header). */
function inMonth(m: MonthRef): SQL {
  const { start, end } = monthBounds(m);
  return sql`(
    ${vanActualInvoices.id} is not null
    or ((${vans.pickUpDate} is null or ${vans.pickUpDate} < ${end}::date)
      and (${vans.status} <> ${VanStatus.OffBoarded} or ${vans.lastStatusChange} is null
        or ${vans.lastStatusChange} >= ${start}::date))
  )`;
}

const columns = {
  id: vans.id,
  company: vans.company,
  model: vans.model,
  stationId: vans.stationId,
  stationTag: stations.tag,
  size: fleetSizes.title,
  number: vans.number,
  plate: vans.plateNumber,
  vin: vans.vin,
  rateCents: vans.monthlyRateCents,
  invoiceId: vanActualInvoices.id,
  invoiceCents: vanActualInvoices.invoiceCents,
};
interface Row {
  id: number;
  company: string;
  model: string;
  stationId: number | null;
  stationTag: string | null;
  size: string | null;
  number: string;
  plate: string;
  vin: string;
  rateCents: number | null;
  invoiceId: number | null;
  invoiceCents: number | null;
}

export function toRowDto(r: Row): FleetReportRowDto {
  return {
    id: r.id,
    company: r.company,
    model: r.model,
    station: r.stationTag ?? "",
    station_id: r.stationId,
    size: r.size ?? "",
    van: r.number,
    plate: r.plate,
    vin: r.vin,
    rate: centsToDollars(r.rateCents),
    rate_cents: r.rateCents,
    invoice: centsToDollars(r.invoiceCents),
    invoice_id: r.invoiceId,
    invoice_cents: r.invoiceCents,
  };
}

function selectRows(db: Queryable, m: MonthRef) {
  return db.select(columns).from(vans)
    .leftJoin(stations, eq(stations.id, vans.stationId))
    .leftJoin(fleetSizes, eq(fleetSizes.id, vans.fleetSizeId))
    .leftJoin(
      vanActualInvoices,
      and(
        eq(vanActualInvoices.vanId, vans.id),
        eq(vanActualInvoices.year, m.year),
        eq(vanActualInvoices.month, m.month),
      ),
    );
}

/** The month's rows, by station then van number (numbers as people count them: 2 before 10). */
export async function fleetReportRows(
  db: Queryable,
  stationIds: readonly number[],
  q: FleetReportQuery,
): Promise<FleetReportRowDto[]> {
  const conds: SQL[] = [vanInStations(stationIds), inMonth(q)];
  if (q.search) {
    const p = likeText(q.search);
    conds.push(
      or(
        sql`${vans.number} ilike ${p}`,
        sql`${vans.plateNumber} ilike ${p}`,
        sql`${vans.vin} ilike ${p}`,
      )!,
    );
  }
  const rows = await selectRows(db, q).where(and(...conds))
    .orderBy(stations.tag, sql`length(${vans.number})`, vans.number, vans.id);
  return (rows as Row[]).map(toRowDto);
}

/** One van's row for the month (the invoice POST answers with it), or null outside the stations. */
export async function fleetReportRow(
  db: Queryable,
  stationIds: readonly number[],
  vanId: number,
  m: MonthRef,
): Promise<FleetReportRowDto | null> {
  const [row] = await selectRows(db, m).where(and(vanInStations(stationIds), eq(vans.id, vanId)));
  return row ? toRowDto(row as Row) : null;
}

/** The invoice records of the rows, as the spec's client keys them. */
export function invoiceList(rows: readonly FleetReportRowDto[], m: MonthRef): ActualInvoiceDto[] {
  return rows.filter((r) => r.invoice !== null).map((r) => ({
    id: r.invoice_id!,
    van__number: r.van,
    van__vin: r.vin,
    van__plate_number: r.plate,
    month: m.month,
    year: m.year,
    invoice: r.invoice!,
  }));
}

/** fleet_reports_data: the month's vans and invoices at the viewer's stations. */
export async function fleetReport(
  db: Queryable,
  stationIds: readonly number[],
  q: FleetReportQuery,
): Promise<FleetReportDto> {
  const dataList = await fleetReportRows(db, stationIds, q);
  return { month: q.month, year: q.year, dataList, vanActualInvoiceList: invoiceList(dataList, q) };
}

/** The statistic's entry (lib/statistics/registry.ts): month and year from the query string. */
export async function fleetReportsData(
  db: Queryable,
  viewer: { stationIds: readonly number[] },
  params: URLSearchParams,
): Promise<FleetReportDto> {
  return await fleetReport(db, viewer.stationIds, fleetReportQuery.parse(Object.fromEntries(params)));
}

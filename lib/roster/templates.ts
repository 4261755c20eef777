// The downloadable templates: the header row the importer reads and one example row, filled with the
// viewer's own station and existing agency / van group names so that the example imports as it stands.
import { asc } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { agencies, fleetSizes, vanGroups } from "../org/schema.ts";
import { defaultStationId, type Viewer } from "../users/current-user.ts";
import { type Column as ExportColumn, toCsv, toXlsx } from "../exports/tabular.ts";
import { DA_COLUMNS } from "./das.ts";
import { VAN_COLUMNS } from "./vans.ts";
import type { RosterKind } from "./inputs.ts";

type Example = Record<string, string>;

export function exampleRow(
  kind: RosterKind,
  names: { station: string; agency: string; vanGroup: string; size: string },
): Example {
  return kind === "das"
    ? {
      first_name: "Jane",
      last_name: "Example",
      email: "jane.example@example.com",
      phone: "(206) 555-0100",
      transporter_id: "A2EXAMPLE00001",
      badge: "40112",
      driver_license: "WDL0000001",
      license_expiry: "31-12-2027",
      station: names.station,
      agency: names.agency,
      status: "Active",
    }
    : {
      number: "901",
      plate: "ABC1234",
      vin: "1FTBR1C80PKA00001",
      size: names.size,
      van_group: names.vanGroup,
      station: names.station,
      ownership: "Owned",
      monthly_rate: "1195.00",
      company: "Ford",
      model: "Transit 250",
      status: "Available",
      reason: "",
    };
}

/** The template as CSV text or XLSX bytes, with its download file name. */
export async function rosterTemplate(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds" | "station_spots">,
  kind: RosterKind,
  format: "csv" | "xlsx",
): Promise<{ body: string | Uint8Array; fileName: string }> {
  const stationId = defaultStationId(viewer);
  const station = viewer.station_spots.find((s) => s.station.id === stationId)?.station.tag ?? "DON9";
  const [agency] = await db.select({ name: agencies.name }).from(agencies).orderBy(asc(agencies.id)).limit(1);
  const [group] = await db.select({ name: vanGroups.name }).from(vanGroups).orderBy(asc(vanGroups.id)).limit(
    1,
  );
  const [size] = await db.select({ title: fleetSizes.title }).from(fleetSizes).orderBy(asc(fleetSizes.id))
    .limit(1);
  const example = exampleRow(kind, {
    station,
    agency: agency?.name ?? "",
    vanGroup: group?.name ?? "",
    size: size?.title ?? "",
  });
  const columns: ExportColumn<Example>[] = (kind === "das" ? DA_COLUMNS : VAN_COLUMNS).map((c) => ({
    header: c.header,
    value: (r) => r[c.field] ?? "",
    width: Math.max(14, c.header.length + 4),
  }));
  const base = kind === "das" ? "roster-das-template" : "roster-vans-template";
  return format === "csv"
    ? { body: toCsv(columns, [example]), fileName: `${base}.csv` }
    : { body: await toXlsx(columns, [example], kind === "das" ? "DAs" : "Vans"), fileName: `${base}.xlsx` };
}

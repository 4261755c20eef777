// What /act and /act-ikea render first (the routes stay thin): the customer's stations, the query read from
// the URL (a refused one falls back to the defaults), its first page and the Owner choices.
import type { Queryable } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { firstPage } from "../paging/first-page.ts";
import { pickStation } from "../checks/queries.ts";
import type { StationChoice } from "../checks/dto.ts";
import { actionListQuery } from "./inputs.ts";
import { customerStations, listActions, superUsers } from "./queries.ts";
import { ACT_DEFAULTS } from "./calc.ts";
import type { Customer } from "./customers.ts";
import { CUSTOMER_TAGS } from "./customers.ts";
import type { ActionRowDto, SuperUserDto } from "./dto.ts";

export interface ActionPage {
  stations: StationChoice[];
  owners: SuperUserDto[];
  initialQuery: Record<string, string>;
  initialData: { count: number; results: ActionRowDto[] };
}

export async function actionPage(
  db: Queryable,
  viewer: Pick<Viewer, "stationIds">,
  raw: Record<string, string>,
  customer: Customer,
): Promise<ActionPage> {
  const stations = await customerStations(db, viewer, customer);
  const { q, ok, data: initialData } = await firstPage(
    actionListQuery,
    raw,
    (q) => listActions(db, viewer, q, customer),
  );
  const station = pickStation(stations, q.station, CUSTOMER_TAGS[customer]);
  const initialQuery: Record<string, string> = { ...ACT_DEFAULTS };
  if (ok) { for (const k of Object.keys(ACT_DEFAULTS)) if (raw[k] !== undefined) initialQuery[k] = raw[k]; }
  initialQuery.station = station ? String(station.id) : "";
  return { stations, owners: await superUsers(db, viewer), initialQuery, initialData };
}

// Reads of stations and of who works where. Stations are always the viewer's own (the stations of their
// spots); `userInStations` is the scope every query about people applies inside its SQL.
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import type { Paged } from "../paging/query.ts";
import { stations, stationSpots, users } from "../org/schema.ts";
import { countOf, like, ordering, paged, type ReferenceListQuery } from "../reference/helpers.ts";
import { notFound } from "../errors.ts";
import type { StationDto } from "./dto.ts";
import { orgCached } from "../cache/epochs.ts";
import { unknownStations } from "./errors.ts";

/** Whose stations: every station-scoped read and write filters by these ids. */
export interface StationScope {
  stationIds: readonly number[];
}

/** `users` rows with a spot at one of these stations (none when the list is empty). */
export function userInStations(stationIds: readonly number[]): SQL {
  return sql`exists (select 1 from ${stationSpots} where ${stationSpots.userId} = ${users.id} and ${
    inArray(stationSpots.stationId, stationIds.length ? [...stationIds] : [-1])
  })`;
}

const mine = (v: StationScope) => inArray(stations.id, v.stationIds.length ? [...v.stationIds] : [-1]);
const dto = (r: typeof stations.$inferSelect): StationDto => ({ id: r.id, title: r.title, tag: r.tag });

/** The viewer's stations for pickers: by id (station 1 first when the viewer has it) or by tag. */
export async function viewerStations(
  db: Queryable,
  v: StationScope,
  order: "id" | "tag" = "id",
): Promise<StationDto[]> {
  if (v.stationIds.length === 0) return [];
  const list = await orgCached(
    `stations:${order}:${v.stationIds.join(",")}`,
    async () =>
      (await db.select().from(stations).where(mine(v)).orderBy(
        asc(order === "id" ? stations.id : stations.tag),
      )).map(dto),
  );
  return list.map((s) => ({ ...s }));
}

/** The Setup list: the viewer's stations, searched by title or tag. */
export async function listStations(
  db: Queryable,
  v: StationScope,
  q: ReferenceListQuery,
): Promise<Paged<StationDto>> {
  const where = and(
    mine(v),
    q.search ? or(ilike(stations.title, like(q.search)), ilike(stations.tag, like(q.search))) : undefined,
  );
  const order = ordering(
    q,
    { tag: stations.tag, title: sql`lower(${stations.title})`, id: stations.id },
    "tag",
    stations.id,
  );
  return await paged(
    db.select({ count: countOf }).from(stations).where(where),
    (limit, off) => db.select().from(stations).where(where).orderBy(...order).limit(limit).offset(off),
    q,
    dto,
  );
}

/** One of the viewer's stations, or 404 (a station outside them does not exist for the viewer). */
export async function findViewerStation(db: Queryable, v: StationScope, id: number): Promise<StationDto> {
  const [row] = await db.select().from(stations).where(and(eq(stations.id, id), mine(v)));
  if (!row) throw notFound("Station not found.");
  return dto(row);
}

/** Stations named by id or tag (tags case-insensitively), in the order given, each once; unknown ones refuse. */
export async function stationsByRef(
  db: Queryable,
  refs: readonly (string | number)[],
): Promise<StationDto[]> {
  if (!refs.length) return [];
  const texts = refs.map(String);
  const ids = texts.filter((r) => /^\d+$/.test(r)).map(Number);
  const rows = await db.select().from(stations).where(or(
    ids.length ? inArray(stations.id, ids) : undefined,
    inArray(sql`upper(${stations.tag})`, texts.map((r) => r.toUpperCase())),
  )).orderBy(asc(stations.id));
  const found: StationDto[] = [];
  const unknown: string[] = [];
  for (const ref of texts) {
    const hit = (/^\d+$/.test(ref) ? rows.find((r) => r.id === Number(ref)) : undefined) ??
      rows.find((r) => r.tag.toUpperCase() === ref.toUpperCase());
    if (!hit) unknown.push(ref);
    else if (!found.some((f) => f.id === hit.id)) found.push(dto(hit));
  }
  if (unknown.length) {
    const known = await db.select({ id: stations.id, tag: stations.tag }).from(stations).orderBy(
      asc(stations.id),
    );
    throw unknownStations(unknown, known);
  }
  return found;
}

/**
 * Every spot of the user whose id is `userId` (a column of the outer query), with its station, agency and
 * fleet groups, as one JSON array: the shape of `StationSpotDto[]`.
 */
export function stationSpotsJson(userId: SQL, order: "id" | "tag"): SQL<unknown> {
  const by = order === "id" ? sql`ss_st.id` : sql`ss_st.tag`;
  return sql`coalesce((
    select json_agg(json_build_object(
      'id', ss.id,
      'station', json_build_object('id', ss_st.id, 'title', ss_st.title, 'tag', ss_st.tag),
      'agency', case when ss_ag.id is null then null else json_build_object('id', ss_ag.id, 'name', ss_ag.name) end,
      'fleet_groups', coalesce((
        select json_agg(json_build_object('id', ss_fg.id, 'name', ss_fg.name) order by ss_fg.name)
        from station_spot_fleet_groups ss_sfg join fleet_groups ss_fg on ss_fg.id = ss_sfg.fleet_group_id
        where ss_sfg.spot_id = ss.id), '[]'::json)
    ) order by ${by})
    from station_spots ss join stations ss_st on ss_st.id = ss.station_id
    left join agencies ss_ag on ss_ag.id = ss.agency_id
    where ss.user_id = ${userId}), '[]'::json)`;
}

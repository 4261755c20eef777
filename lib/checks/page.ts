// What /check and /check-ikea render first (the routes stay thin): the query read from the URL (a refused one
// falls back to the defaults), the first page of weeks, and the query the island starts from.
import type { StationChoice } from "./dto.ts";
import { pickStation } from "./queries.ts";
import { firstPage } from "../paging/first-page.ts";

type WeeklyQuery = {
  page: number;
  page_size: number;
  station?: number;
  date_from?: string;
  date_to?: string;
};

export async function weeklyPage<Q extends WeeklyQuery, D>(
  stations: StationChoice[],
  tags: readonly string[],
  schema: Parameters<typeof firstPage<Q, D>>[0],
  raw: Record<string, string>,
  load: (q: Q) => Promise<D>,
): Promise<{ initialQuery: Record<string, string>; initialData: D }> {
  const { q, data } = await firstPage(schema, raw, load);
  const station = pickStation(stations, q.station, tags);
  return {
    initialData: data,
    initialQuery: {
      page: String(q.page),
      page_size: String(q.page_size),
      station: station ? String(station.id) : "",
      date_from: q.date_from ?? "",
      date_to: q.date_to ?? "",
    },
  };
}

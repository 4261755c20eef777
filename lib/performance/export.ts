// The PDF export's path: the query (400 when unreadable), the station (the viewer's, else the dashboard's
// coded 403), the period (never past today; a type the scorecard does not take falls back), then the view.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Viewer } from "../users/current-user.ts";
import { stations } from "../org/schema.ts";
import { scopeStations } from "../dashboard/policy.ts";
import { initialPick } from "../dashboard/calc-period.ts";
import { todayIn } from "../dates/periods.ts";
import { getTimeZone } from "../settings/queries.ts";
import { typeFor } from "./calc.ts";
import { performancePdfQuery } from "./inputs.ts";
import { performancePdf, performancePdfName } from "./pdf.ts";
import { performanceView } from "./view.ts";

export async function performancePdfDownload(db: Db, viewer: Viewer, query: Record<string, string>) {
  const q = performancePdfQuery.parse(query);
  const [station] = scopeStations([q.station], viewer.stationIds);
  const today = todayIn(await getTimeZone(db));
  const pick = initialPick(typeFor(q.scorecard, q.type), q.date, today, today);
  const view = await performanceView(db, viewer, q.scorecard, pick, station, today);
  const [s] = await db.select({ tag: stations.tag, title: stations.title }).from(stations)
    .where(eq(stations.id, station));
  return { name: performancePdfName(view, s.tag), bytes: performancePdf(view, s) };
}

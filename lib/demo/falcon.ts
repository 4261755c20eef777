// The demo's Falcon plans and comments (03 2.8): for every demo station with shift history, a plan for
// each day from four weeks back to the end of next week (near the routes actually run, some days short
// of them), and a few comments with each match flag, so the page shows greens, reds, blues and grays.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { addDays } from "../dates/calendar.ts";
import { todayIn } from "../dates/periods.ts";
import { sundayOf } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import { falconComments, falconPlans } from "../falcon/schema.ts";

const COMMENTS: [string, number][] = [
  ["Two routes added by Amazon at 7:40; all covered by Flex.", 1],
  ["Short two DAs (sick); one route rescued, one dropped.", 2],
  ["Van 14 in the shop, a rental covered it. Check tomorrow's plan.", 0],
  ["Plan met.", 1],
];

export async function seedFalcon(tx: Queryable, opts: { today?: string } = {}): Promise<number> {
  const today = opts.today ?? todayIn(await getTimeZone(tx));
  const from = addDays(sundayOf(today), -28);
  const to = addDays(sundayOf(today), 13);
  const actual = rowsOf(
    await tx.execute(sql`
    select rep.station_id::int as station, to_char(rep.report_date, 'YYYY-MM-DD') as day,
      count(*) filter (where r.role in (0, 8))::int as routes
    from shift_reports rep join shift_records r on r.report_id = rep.id
    where rep.report_date between ${from}::date and ${to}::date group by 1, 2`),
  ) as { station: number; day: string; routes: number }[];
  if (!actual.length) return 0;
  const stations = [...new Set(actual.map((a) => Number(a.station)))];
  const plans: (typeof falconPlans.$inferInsert)[] = [];
  const comments: (typeof falconComments.$inferInsert)[] = [];
  for (const station of stations) {
    const mine = actual.filter((a) => Number(a.station) === station);
    const usual = Math.max(1, Math.round(mine.reduce((n, a) => n + Number(a.routes), 0) / mine.length));
    let n = 0;
    for (let day = from; day <= to; day = addDays(day, 1), n++) {
      const ran = mine.find((a) => a.day === day);
      const routes = ran
        ? Number(ran.routes) + ((n + station) % 4 === 0 ? 2 : (n + station) % 3 === 0 ? -1 : 0)
        : usual;
      plans.push({ stationId: station, reportDate: day, routes: Math.max(0, routes) });
      if (ran && day < today && (n + station) % 5 === 0) {
        const [comment, isMatch] = COMMENTS[(n + station) % COMMENTS.length];
        comments.push({ stationId: station, reportDate: day, comment, isMatch });
      }
    }
  }
  await tx.insert(falconPlans).values(plans);
  if (comments.length) await tx.insert(falconComments).values(comments);
  return plans.length;
}

import { openDatabase } from "../lib/db/client.ts";
import * as q from "../lib/dashboard/queries.ts";
import { resolvePeriod } from "../lib/dashboard/calc.ts";
import { sql } from "drizzle-orm";
const h = await openDatabase({ url: "postgres://127.0.0.1:5432/bench_scale50", migrate: false });
const stations = (await h.db.execute(sql`select id from stations order by id`) as unknown as { id: number }[]).map((r) => Number(r.id));
for (const query of [{ year: 2026, week: 45 }, { year: 2026 }]) {
  const p = resolvePeriod(query as never);
  console.log(JSON.stringify(query), p.from, p.to);
  const fns: Record<string, () => Promise<unknown>> = {
    shiftFigures: () => q.shiftFigures(h.db, stations, p),
    plannedFigures: () => q.plannedFigures(h.db, stations, p.from, p.to),
    missingByDriver: () => q.missingByDriver(h.db, stations, p.from, p.to),
    daStatuses: () => q.daStatuses(h.db, stations),
    fleetStatuses: () => q.fleetStatuses(h.db, stations),
    roleCounts: () => q.roleCounts(h.db, stations, p.from, p.to),
    periodBudget: () => q.periodBudget(h.db, stations, p.from, p.to),
  };
  for (const [k, fn] of Object.entries(fns)) {
    const t: number[] = [];
    for (let i = 0; i < 7; i++) { const s = performance.now(); await fn(); t.push(performance.now() - s); }
    t.sort((a, b) => a - b);
    console.log(k.padEnd(16), "median", t[3].toFixed(1), "ms");
  }
}
await h.close();

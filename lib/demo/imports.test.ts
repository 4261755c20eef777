import assert from "node:assert/strict";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rows.ts";
import { dayOfWeek } from "../dates/calendar.ts";
import { todayIn } from "../dates/periods.ts";
import { formatIsoWeek, prevWeek, weekEnd, weekOf, type WeekRef } from "../dates/weeks.ts";
import { getTimeZone } from "../settings/queries.ts";
import { getImport, listImports } from "../imports/queries.ts";
import { testPglite } from "../../tests/helpers/db.ts";
import { DEMO_DSP, IMPORT_WEEKS } from "./imports.ts";

const SLOTS = ["concessions", "dcr", "dnr", "overview", "pod", "psb", "reliability", "scorecard", "whc"];

Deno.test("demo imports: eight weeks of every file per station, uploaded by the owner, mostly the station's DAs", async (t) => {
  const h = await testPglite({ demo: true });
  const db = h.db;
  const q = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));
  try {
    const today = todayIn(await getTimeZone(db));
    const weeks: WeekRef[] = [prevWeek(weekOf(today))];
    while (weeks.length < IMPORT_WEEKS) weeks.push(prevWeek(weeks.at(-1)!));
    const labels = weeks.map(formatIsoWeek);

    await t.step(
      "every slot of every station and week has one active import; one overview was replaced",
      async () => {
        const active = await q<{ station_id: number; slot: string; weeks: string[]; n: number }>(sql`
        select station_id, slot, array_agg(week order by week desc) as weeks, count(*)::int as n
        from amazon_imports where replaced_at is null group by station_id, slot order by station_id, slot`);
        assert.equal(active.length, 3 * SLOTS.length);
        for (const a of active) {
          assert.ok(SLOTS.includes(a.slot), a.slot);
          assert.deepEqual(a.weeks, labels, `${a.station_id} ${a.slot}`);
        }
        const replaced = await q<{ slot: string; file_name: string; by: string; gap: number }>(sql`
        select a.slot, a.file_name, n.file_name as by,
          extract(epoch from n.uploaded_at - a.uploaded_at)::int as gap
        from amazon_imports a join amazon_imports n on n.id = a.replaced_by_id where a.replaced_at is not null`);
        assert.equal(replaced.length, 1);
        assert.equal(replaced[0].slot, "overview");
        assert.match(replaced[0].by, / \(1\)\.csv$/);
        assert.ok(replaced[0].gap > 0, "the republished file came later");
        const [{ n }] = await q<{ n: number }>(sql`select count(*)::int as n from amazon_imports a
        where replaced_at is null and (select count(*) from amazon_imports b where b.replaced_at is null
          and b.slot = a.slot and b.station_id = a.station_id and b.week = a.week) > 1`);
        assert.equal(n, 0);
      },
    );

    await t.step(
      "real uploads: kept files, the owner, the Monday after each week (or earlier today), the demo's DSP",
      async () => {
        const rows = await q<
          {
            week: string;
            at: string;
            ms: number;
            email: string;
            size: number;
            len: number;
            dsp: string | null;
          }
        >(sql`
        select a.week, (a.uploaded_at at time zone 'UTC')::text as at,
          (extract(epoch from a.uploaded_at) * 1000)::float8 as ms, u.email, f.size,
          octet_length(f.data) as len, a.dsp
        from amazon_imports a join users u on u.id = a.uploaded_by_id join uploads f on f.id = a.upload_id`);
        assert.equal(rows.length, 3 * SLOTS.length * IMPORT_WEEKS + 1);
        for (const r of rows) {
          assert.equal(r.email, "owner@example.com");
          assert.ok(r.size > 0 && r.size === r.len);
          const [year, week] = r.week.split("-W").map(Number);
          const day = r.at.slice(0, 10);
          assert.ok(day > weekEnd(year, week) && r.ms <= Date.now(), `${r.week} uploaded ${r.at}`);
          // The Monday after (a republished file the Tuesday), unless that Monday is still to come.
          const monday = Date.parse(`${weekEnd(year, week)}T14:00:00Z`) + 2 * 86_400_000;
          if (monday <= Date.now() - 3_600_000) {
            assert.ok([1, 2].includes(dayOfWeek(day)), `${r.week} uploaded on a ${dayOfWeek(day)}`);
          }
          if (r.dsp !== null) assert.equal(r.dsp, DEMO_DSP);
        }
      },
    );

    await t.step("the latest week's scorecards are DSP-level; older ones list the DAs", async () => {
      const sc = await q<{ week: string; generation: string; das: number }>(sql`
        select s.week, s.generation, (select count(*)::int from da_weekly_performance p
          where p.import_id = s.import_id and p.source = 'scorecard') as das
        from dsp_weekly_scorecards s order by s.week desc, s.station_id`);
      assert.equal(sc.length, 3 * IMPORT_WEEKS);
      for (const s of sc) {
        if (s.week === labels[0]) assert.deepEqual([s.generation, s.das], ["dsp-level", 0]);
        else assert.ok(s.generation === "per-da" && s.das >= 20, JSON.stringify(s));
      }
    });

    await t.step("mostly the station's DAs, plus a few ids no DA holds", async () => {
      const per = await q<{ station_id: number; matched: number; unmatched: number }>(sql`
        select p.station_id,
          count(distinct p.transporter_id) filter (where exists (select 1 from users u
            join station_spots s on s.user_id = u.id and s.station_id = p.station_id
            where u.transporter_id = p.transporter_id))::int as matched,
          count(distinct p.transporter_id) filter (where not exists (select 1 from users u
            where u.transporter_id = p.transporter_id))::int as unmatched
        from da_weekly_performance p group by p.station_id order by p.station_id`);
      assert.equal(per.length, 3);
      for (const p of per) {
        assert.ok(p.unmatched >= 1 && p.unmatched <= 3, JSON.stringify(p));
        assert.ok(p.matched >= 20, JSON.stringify(p));
      }
      const owner = { stationIds: [1, 2, 3] };
      const page = await listImports(db, owner, { family: "csv", page: 1, page_size: 100 });
      const withUnknown = page.results.find((r) => r.slot === "overview" && r.unmatched > 0);
      assert.ok(withUnknown, "an overview with ids no DA holds");
      const detail = await getImport(db, owner, withUnknown.id);
      assert.ok(detail.unmatched_ids.length >= 1 && detail.unmatched_ids.every((u) => u.da_name));
    });

    await t.step("scores have shape: they differ between DAs and move from week to week", async () => {
      const rows = await q<{ transporter_id: string; week: string; score: number }>(sql`
        select transporter_id, week, overall_score::float as score from da_weekly_performance
        where source = 'overview' and station_id = 1`);
      const latest = rows.filter((r) => r.week === labels[1]).map((r) => r.score);
      assert.ok(Math.max(...latest) - Math.min(...latest) > 15, "a spread between DAs");
      const byDa = Map.groupBy(rows, (r) => r.transporter_id);
      const moving = [...byDa.values()].filter((xs) => new Set(xs.map((x) => x.score)).size > 1);
      assert.ok(moving.length > byDa.size / 2, "scores move between weeks");
      // A lasting level: a DA's average stays near its own, so the best and the worst differ clearly.
      const means = [...byDa.values()].filter((xs) => xs.length >= 5)
        .map((xs) => xs.reduce((a, x) => a + x.score, 0) / xs.length).sort((a, b) => a - b);
      assert.ok(means.at(-1)! - means[0] > 15, `averages ${means[0]}..${means.at(-1)}`);
    });
  } finally {
    await h.close();
  }
});

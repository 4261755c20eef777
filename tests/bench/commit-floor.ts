// The database's own part of the tracker PATCH's ratio (issue 15): the same 50 clients at the same typing
// pace as the PATCH bench, straight to PostgreSQL (postgres.js, no HTTP, no app), once with a one-row
// UPDATE of a tracker row (a durable commit: what every PATCH ends on) and once with a one-row SELECT of it
// (what the GET's session check is). Their p95 ratio, in blocks like the PATCH's, is the floor under the
// PATCH / GET ratio on this machine in this run: informational, no goal.
import postgres from "postgres";
import { type Figure, log, median, ms, percentile, typingPace } from "./lib.ts";

const ROUNDS = 10;

/** One client per row of `ids` (the PATCH bench's editors' rows). */
export async function commitFloor(
  url: string,
  ids: number[],
  blocks: number,
  suite: string,
): Promise<Figure> {
  const sql = postgres(url, { max: ids.length, onnotice: () => {} });
  try {
    const update = (id: number) =>
      sql`update shift_records set updated_at = clock_timestamp() where id = ${id}`;
    const select = (id: number) => sql`select * from shift_records where id = ${id}`;
    const round = async (each: (id: number) => Promise<unknown>, rounds: number, paced = true) => {
      const times: number[] = [];
      await Promise.all(ids.map(async (id) => {
        for (let n = 0; n < rounds; n++) {
          if (paced) await typingPace();
          const t = performance.now();
          await each(id);
          times.push(performance.now() - t);
        }
      }));
      return times;
    };
    // Every pooled connection opened and each statement prepared, as on a server in use.
    await round(update, 2, false);
    await round(select, 2, false);
    const results: { update: number; select: number }[] = [];
    for (let b = 0; b < blocks; b++) {
      const u = await round(update, ROUNDS / 2);
      const s = await round(select, ROUNDS / 2);
      results.push({ update: percentile(u, 95), select: percentile(s, 95) });
    }
    const up = median(results.map((r) => r.update));
    const sel = median(results.map((r) => r.select));
    const r = median(results.map((x) => x.update / x.select));
    const each = results.map((x) => (x.update / x.select).toFixed(1)).join(", ");
    log(
      `PostgreSQL alone, ${ids.length} clients at the same pace: one-row UPDATE p95 ${ms(up)}, ` +
        `one-row SELECT p95 ${ms(sel)}, ratio ${r.toFixed(2)}x (median of ${blocks} blocks: ${each})`,
    );
    return {
      suite,
      figure:
        `PostgreSQL alone: one-row UPDATE (durable commit) against one-row SELECT, ${ids.length} clients, same pace`,
      value: `UPDATE p95 ${ms(up)} (median of ${blocks} blocks)`,
      baseline: `SELECT p95 ${ms(sel)}`,
      ratio: `${r.toFixed(2)}x`,
      pass: null,
      note: "the floor under the PATCH / GET ratio: every PATCH ends on a commit, the GET on a read; no goal",
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

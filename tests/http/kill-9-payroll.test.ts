// kill -9 mid-payroll export (issue 16, point 3): the real `dsp payroll export` as its own process, against
// the app on PostgreSQL with a month of every DA's shifts (the export takes a moment), killed with SIGKILL at
// several points of its run: while Deno starts, while the server computes, as it writes (when its temporary
// file appears), and once more in writeWholeFile itself with a file large enough to be caught before its
// rename (usually part written). After
// each kill the target is the file that was there before (or absent) or the complete export, byte for byte,
// never part of one; what the killed run left under its temporary name is removed by the next run; and the
// database is exactly as before (an export writes nothing).
import assert from "node:assert/strict";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../lib/db/rows.ts";
import type { Db } from "../../lib/db/client.ts";
import { testPostgres } from "../helpers/db.ts";
import { startTestApp } from "../helpers/app.ts";
import { dsp, dspLogin, ROOT, show } from "../../cli/testing.ts";

/** Every table's row count and a digest of its rows: equal fingerprints, unchanged database. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  ).map((r) => r.name);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const [row] = rowsOf<{ n: number; h: string }>(
      await db.execute(sql.raw(`select count(*)::int as n,
        md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as h from "${t}" t`)),
    );
    out[t] = `${row.n}:${row.h}`;
  }
  return out;
}

/** A file's size, or -1 when it is gone (renamed between the listing and the look). */
function sizeOf(path: string): number {
  try {
    return Deno.statSync(path).size;
  } catch {
    return -1;
  }
}

const parts = (dir: string) =>
  [...Deno.readDirSync(dir)].map((e) => e.name).filter((n) => n.endsWith(".part"));

/** The CLI started as cron would start it; `kill9` once `when` resolves, then waits for the process. */
function startExport(args: string[], env: Record<string, string>) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", join(ROOT, "cli/main.ts"), ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1", DATABASE_URL: "", ...env },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  let exited = false;
  const status = child.status.then((s) => (exited = true, s));
  return {
    exited: () => exited,
    kill9: async () => {
      try {
        child.kill("SIGKILL");
      } catch { /* exited already */ }
      return await status;
    },
  };
}

Deno.test({
  name: "kill -9 of `dsp payroll export` mid-way never leaves part of a workbook, and changes nothing",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const handle = await testPostgres({ demo: true });
    const app = await startTestApp({ db: handle });
    const dir = Deno.makeTempDirSync({ prefix: "dsp-kill9-payroll-" });
    try {
      const db = handle.db;
      // March 2031, far from the demo's dates: every active DA on every day at their first station.
      await db.execute(sql`insert into schedule_reports
          (schedule_date, user_id, station_id, role, role_hours, is_available, is_published)
        select d::date, u.id, s.station_id, 0, 8.5, true, true
        from users u
        join lateral (select station_id from station_spots where user_id = u.id order by station_id limit 1) s
          on true
        cross join generate_series('2031-03-01'::date, '2031-03-31'::date, interval '1 day') d
        where u.role = 5 and u.status = 1`);
      const env = await dspLogin(app.url, "owner@example.com", join(dir, "creds.json"));
      const target = join(dir, "Payroll.xlsx");
      const args = ["payroll", "export", "--month", "2031-03", "--kind", "all", "--view", "da", "-o", target];
      const before = await fingerprint(db);

      // The complete export: what any surviving target must be, byte for byte. Timed the second time (the
      // first compiles the CLI's modules).
      let runMs = 0;
      for (let i = 0; i < 2; i++) {
        const started = performance.now();
        const full = await dsp(args, { env });
        runMs = Math.round(performance.now() - started);
        assert.equal(full.code, 0, show(full));
      }
      const complete = Deno.readFileSync(target);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(complete.slice().buffer);
      const rows = wb.worksheets[0].rowCount;
      assert.ok(rows > 500, `a month of every DA's shifts: ${rows} rows`);

      /** The target gone; what killed runs left under temporary names stays, for the last run to clear. */
      const clear = () => {
        try {
          Deno.removeSync(target);
        } catch { /* absent */ }
      };
      // An older export at the target, for half the kills: it must survive them whole.
      const old = new TextEncoder().encode("the previous export, whole");
      const outcomes: string[] = [];
      const check = (label: string, hadOld: boolean) => {
        let now: Uint8Array | null = null;
        try {
          now = Deno.readFileSync(target);
        } catch { /* absent */ }
        const what = now === null
          ? "absent"
          : now.length === complete.length && now.every((b, i) => b === complete[i])
          ? "complete"
          : hadOld && now.length === old.length && now.every((b, i) => b === old[i])
          ? "the old file"
          : `${now.length} other bytes`;
        assert.ok(
          what === "complete" || what === (hadOld ? "the old file" : "absent"),
          `${label}: the target is ${what}`,
        );
        for (const p of parts(dir)) assert.notEqual(join(dir, p), target);
        outcomes.push(`${label}: ${what}, ${parts(dir).length} temporary file(s)`);
      };

      // Killed while Deno starts the CLI, while the server computes the export (its query seen running), and
      // after a share of a full run's time.
      // (A query too quick to be seen lets the run finish: then the kill lands after it, and says so.)
      const serverAtWork = async (run: { exited(): boolean }) => {
        while (!run.exited()) {
          const [row] = rowsOf<{ n: number }>(
            await db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database()
              and state = 'active' and query ilike '%schedule_reports%' and pid <> pg_backend_pid()`,
            ),
          );
          if (Number(row.n) > 0) return;
          await new Promise((ok) => setTimeout(ok, 2));
        }
      };
      const points: [string, (run: { exited(): boolean }) => Promise<unknown>][] = [
        ["while Deno started it (100 ms)", () => new Promise((ok) => setTimeout(ok, 100))],
        ["while the server computed", serverAtWork],
        ["at half a run's time", () => new Promise((ok) => setTimeout(ok, Math.round(runMs * 0.5)))],
        ["at 90% of a run's time", () => new Promise((ok) => setTimeout(ok, Math.round(runMs * 0.9)))],
      ];
      for (const [i, [label, moment]] of points.entries()) {
        const hadOld = i % 2 === 1;
        clear();
        if (hadOld) Deno.writeFileSync(target, old);
        const run = startExport(args, env);
        await moment(run);
        const exited = run.exited();
        await run.kill9();
        check(`killed ${label}${exited ? " (had finished)" : ""}`, hadOld);
      }

      // Killed the moment its temporary file appears: the write (or its sync) is under way.
      for (const hadOld of [true, false]) {
        clear();
        if (hadOld) Deno.writeFileSync(target, old);
        const earlier = new Set(parts(dir).map((p) => join(dir, p)));
        const watcher = Deno.watchFs(dir);
        const run = startExport(args, env);
        const appeared = (async () => {
          for await (const e of watcher) {
            // Its own file being made (not an earlier run's being removed, which comes first).
            if (e.kind === "create" && e.paths.some((p) => p.endsWith(".part") && !earlier.has(p))) {
              return true;
            }
          }
          return false;
        })();
        const finished = (async () => {
          while (!run.exited()) await new Promise((ok) => setTimeout(ok, 5));
          return false;
        })();
        const caught = await Promise.race([appeared, finished]);
        await run.kill9();
        watcher.close();
        check(`killed as its temporary file appeared${caught ? "" : " (missed: it had finished)"}`, hadOld);
      }

      // writeWholeFile itself (the CLI's only way to write a dump), caught with its file on disk, not renamed.
      // On a quiet machine the 64 MB can be written, synced and renamed between two looks: such a try must
      // have left the whole new file (never part of one), and the next try starts again from the old one.
      let caughtPart = false;
      for (let attempt = 1; attempt <= 5 && !caughtPart; attempt++) {
        clear();
        Deno.writeFileSync(target, old);
        const big = new Deno.Command(Deno.execPath(), {
          args: [
            "eval",
            `import { writeWholeFile } from ${JSON.stringify(join(ROOT, "cli/files.ts"))};
             await writeWholeFile(${JSON.stringify(target)}, new Uint8Array(64 * 1024 * 1024).fill(7));`,
          ],
          cwd: ROOT,
          stdout: "null",
          stderr: "null",
        }).spawn();
        let partial = -1;
        const leftBefore = new Set(parts(dir));
        for (const until = Date.now() + 30_000; Date.now() < until && partial < 0;) {
          for (const p of parts(dir).filter((p) => !leftBefore.has(p))) {
            const size = sizeOf(join(dir, p));
            if (size > 0) partial = size;
          }
          if (partial < 0) await new Promise((ok) => setTimeout(ok, 1));
        }
        try {
          big.kill("SIGKILL");
        } catch {
          // It had already finished.
        }
        const status = await big.status;
        const now = Deno.readFileSync(target);
        if (status.success) {
          assert.ok(
            now.length === 64 * 1024 * 1024 && now.every((b) => b === 7),
            "a finished write left the whole file",
          );
          continue;
        }
        assert.deepEqual(now, old, "the killed write left the old file in place");
        assert.ok(partial > 0, "its temporary file was caught on disk");
        check(`writeWholeFile killed with ${partial} of ${64 * 1024 * 1024} bytes written`, true);
        assert.ok(parts(dir).length > 0, "the killed write left its temporary file");
        caughtPart = true;
      }
      if (!caughtPart) {
        Deno.writeFileSync(target, old);
        outcomes.push(
          "writeWholeFile finished whole before each of 5 kills (a fast disk): never part of a file",
        );
      }

      // The next run replaces the target whole and removes what the killed runs left.
      const next = await dsp(args, { env });
      assert.equal(next.code, 0, show(next));
      assert.deepEqual(Deno.readFileSync(target), complete);
      assert.deepEqual(parts(dir), [], "no temporary file left after the next run");
      assert.deepEqual(await fingerprint(db), before, "the database is as it was");
      console.log(
        `payroll export of ${rows} rows, ${complete.length} bytes, ${runMs} ms a run:\n  ` +
          outcomes.join("\n  "),
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
      await app.close();
    }
  },
});

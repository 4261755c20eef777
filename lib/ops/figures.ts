// What /api/ready and /api/metrics read from the database (issue 16, point 2): reachable, migrations
// current, the outbox's backlog and failures, and this process's connections. Every read is bounded in
// time, so a database that does not answer makes a 503 that says so, never a hung probe.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type DbHandle, migrationsFolder } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { isDatabaseUnavailable } from "../db/errors.ts";
import { config } from "../config.ts";
import type { Gauge } from "./metrics.ts";

/** How long one check may take before the database counts as not answering. */
export const CHECK_TIMEOUT_MS = 2000;

class TimedOut extends Error {}

async function bounded<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The words of the innermost cause (drizzle wraps the driver's "connect ECONNREFUSED ..." in "Failed query").
 * A database that went away fails in many wordings ("connect ECONNREFUSED", "write CONNECTION_CLOSED",
 * "This socket has been ended by the other party", "terminating connection due to administrator command"):
 * those say so first, in one phrase that a person and a monitor can rely on, the driver's words after it.
 */
function reason(e: unknown): string {
  let inner = e;
  while (inner instanceof Error && inner.cause) inner = inner.cause;
  const words = (inner instanceof Error ? inner.message : String(inner)) ||
    (e instanceof Error ? e.message : String(e));
  return (isDatabaseUnavailable(e) ? `the database is not answering (${words})` : words).slice(0, 200);
}

let journalCache: { count: number; last: number } | undefined;
/** The migrations this build carries (their journal), read once. */
export function expectedMigrations(): { count: number; last: number } {
  if (journalCache) return journalCache;
  const file = join(migrationsFolder(), "meta/_journal.json");
  const entries = JSON.parse(readFileSync(file, "utf8")).entries as { when: number }[];
  return journalCache = { count: entries.length, last: Math.max(0, ...entries.map((e) => e.when)) };
}

export interface Check {
  ok: boolean;
  detail: string;
  [figure: string]: unknown;
}

export interface Readiness {
  status: "ready" | "unavailable";
  checks: { database: Check; migrations: Check; outbox: Check };
}

async function outboxFigures(h: DbHandle): Promise<{ backlog: number; failed: number; oldest_s: number }> {
  const [row] = rowsOf<{ backlog: number; failed: number; oldest_s: number | null }>(
    await bounded(h.db.execute(sql`select
      count(*) filter (where status in ('pending', 'sending'))::int as backlog,
      count(*) filter (where status = 'failed')::int as failed,
      extract(epoch from now() - min(created_at) filter (where status = 'pending'))::int as oldest_s
      from outbox where direction = 'out'`)),
  );
  return { backlog: Number(row.backlog), failed: Number(row.failed), oldest_s: Number(row.oldest_s ?? 0) };
}

async function migrationCheck(h: DbHandle): Promise<Check> {
  const want = expectedMigrations();
  const [row] = rowsOf<{ n: number; last: string | number | null }>(
    await bounded(h.db.execute(
      sql`select count(*)::int as n, max(created_at) as last from drizzle.__drizzle_migrations`,
    )),
  );
  const applied = Number(row.n);
  const ok = applied >= want.count && Number(row.last ?? 0) >= want.last;
  return {
    ok,
    detail: ok ? "current" : `${want.count - applied} migration(s) not applied: run \`dsp migrate\``,
    applied,
    expected: want.count,
  };
}

/** The three checks of /api/ready; `ready` only when all pass. */
export async function readiness(h: DbHandle): Promise<Readiness> {
  const database: Check = { ok: false, detail: "", kind: h.kind };
  const migrations: Check = { ok: false, detail: "not checked: the database does not answer" };
  const outbox: Check = { ok: false, detail: "not checked: the database does not answer" };
  const started = performance.now();
  try {
    await bounded(h.db.execute(sql`select 1`));
    database.ok = true;
    database.detail = "reachable";
    database.ms = Math.round(performance.now() - started);
  } catch (e) {
    database.detail = e instanceof TimedOut
      ? `the database gave no answer within ${CHECK_TIMEOUT_MS} ms`
      : reason(e);
  }
  if (database.ok) {
    try {
      Object.assign(migrations, await migrationCheck(h));
    } catch (e) {
      migrations.detail = `cannot read the applied migrations: ${reason(e)}`;
    }
    try {
      const f = await outboxFigures(h);
      const limit = config.readyOutboxBacklog;
      Object.assign(outbox, {
        ok: f.backlog < limit,
        detail: f.backlog < limit
          ? "below the threshold"
          : `${f.backlog} messages wait to be sent (READY_OUTBOX_BACKLOG is ${limit}): is the sender running?`,
        backlog: f.backlog,
        threshold: limit,
      });
    } catch (e) {
      outbox.detail = `cannot read the outbox: ${reason(e)}`;
    }
  }
  const ok = database.ok && migrations.ok && outbox.ok;
  return { status: ok ? "ready" : "unavailable", checks: { database, migrations, outbox } };
}

/** Gauges read at scrape time; a database that does not answer gives dsp_database_up 0 and no others. */
export async function databaseGauges(h: DbHandle): Promise<Gauge[]> {
  const gauges: Gauge[] = [];
  const up = (value: number): Gauge => ({
    name: "dsp_database_up",
    help: "1 when the database answered the scrape's queries",
    values: [{ labels: { kind: h.kind }, value }],
  });
  try {
    const f = await outboxFigures(h);
    gauges.push(
      up(1),
      {
        name: "dsp_outbox_backlog",
        help: "Outgoing messages not yet sent (pending or sending)",
        values: [{ value: f.backlog }],
      },
      {
        name: "dsp_outbox_failed",
        help: "Outgoing messages given up on (status failed)",
        values: [{ value: f.failed }],
      },
      {
        name: "dsp_outbox_oldest_pending_seconds",
        help: "Age of the oldest message waiting to be sent",
        values: [{ value: f.oldest_s }],
      },
      ...await poolGauges(h),
    );
  } catch {
    gauges.push(up(0));
  }
  return gauges;
}

/** This process's database connections: by state on PostgreSQL (its application_name), 1 on PGlite. */
async function poolGauges(h: DbHandle): Promise<Gauge[]> {
  const size: Gauge = {
    name: "dsp_db_pool_size",
    help: "Connections this process may open",
    values: [{ value: h.poolMax ?? 1 }],
  };
  if (h.kind === "pglite" || !h.applicationName) {
    return [size, {
      name: "dsp_db_pool_connections",
      help: "Open connections by state",
      values: [{ labels: { state: "active" }, value: 1 }],
    }];
  }
  const rows = rowsOf<{ state: string | null; n: number }>(
    await bounded(h.db.execute(sql`select coalesce(state, 'unknown') as state, count(*)::int as n
      from pg_stat_activity where application_name = ${h.applicationName} group by 1`)),
  );
  return [size, {
    name: "dsp_db_pool_connections",
    help: "Open connections by state (active ones include the scrape's own)",
    values: rows.map((r) => ({ labels: { state: String(r.state) }, value: Number(r.n) })),
  }];
}

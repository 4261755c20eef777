import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Command } from "commander";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type DbHandle, migrationsFolder, openDatabase, type Queryable } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { config } from "../../lib/config.ts";
import { databaseLabel, describeDatabase, withDatabase } from "../database.ts";
import { result } from "../output.ts";

/** Rows of a raw query on either driver (PGlite answers {rows}, postgres-js an array). */
export async function rows<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  const r = await db.execute(query) as unknown;
  return (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];
}

/** Migration tags by their journal timestamp, which drizzle records as created_at. */
function journal(): { tag: string; when: number }[] {
  const file = join(migrationsFolder(), "meta/_journal.json");
  return (JSON.parse(readFileSync(file, "utf8")).entries as { tag: string; when: number }[]);
}

async function appliedStamps(db: Queryable): Promise<Set<number>> {
  try {
    const r = await rows<{ created_at: string | number }>(
      db,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    return new Set(r.map((x) => Number(x.created_at)));
  } catch {
    return new Set(); // a new database: the table does not exist yet
  }
}

async function applyMigrations(h: DbHandle): Promise<void> {
  if (h.kind === "pglite") {
    // This process holds the data-dir lock: migrate through the open handle.
    await migratePglite(h.db, { migrationsFolder: migrationsFolder() });
  } else {
    // openDatabase migrates PostgreSQL under an advisory lock, so a server starting meanwhile waits.
    const second = await openDatabase({ url: config.databaseUrl });
    await second.close();
  }
}

export function registerMigrate(program: Command): void {
  program.command("migrate")
    .description("Apply pending database migrations and prepare reference data (safe to run any time)")
    .action(async () => {
      const db = describeDatabase();
      const out = await withDatabase(async (h) => {
        const before = await appliedStamps(h.db);
        await applyMigrations(h);
        const after = await appliedStamps(h.db);
        await prepareDatabase(h, { demo: false });
        const [{ n }] = await rows<{ n: number }>(h.db, sql`select count(*)::int as n from users`);
        const entries = journal();
        return {
          database: db,
          applied: entries.filter((e) => after.has(e.when) && !before.has(e.when)).map((e) => e.tag),
          already_applied: entries.filter((e) => before.has(e.when)).length,
          reference_data: true,
          users: Number(n),
        };
      }, { migrate: false });
      result(out, () => [
        `Database: ${databaseLabel(db)}`,
        out.applied.length
          ? `Applied ${out.applied.length} migration${out.applied.length > 1 ? "s" : ""}: ${
            out.applied.join(", ")
          }`
          : `No pending migrations (${out.already_applied} already applied).`,
        "Reference data and signing secret are in place.",
        ...(out.users === 0
          ? [
            "There are no users yet: create the first owner with",
            "  dsp user create --role owner --email E --first-name F --last-name L --password-stdin",
            ...(db.kind === "pglite"
              ? ["(until then, the server's first start loads the demo organisation unless DEMO=false)"]
              : []),
          ]
          : []),
      ]);
    });
}

// Test databases for the roster tests and benchmark: tests/helpers/db.ts, plus two stopgaps for PostgreSQL
// that can go once the shared helpers handle them (see the roster report):
// - openDatabase() migrates inside `client.begin`, and drizzle's postgres-js driver cannot wrap that
//   transaction handle ("Cannot read properties of undefined (reading 'parsers')"): migrate on the pool;
// - prepareDatabase() reads `.rows` of an execute() result, which postgres-js returns as a plain array,
//   so the demo is seeded here directly.
import postgres from "postgres";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { type DbHandle, migrationsFolder, openDatabase } from "../../lib/db/client.ts";
import { prepareDatabase } from "../../lib/boot/database.ts";
import { seedDemo } from "../../lib/demo/seed.ts";
import { TEST_PG_URL, testPglite, testPostgres } from "../helpers/db.ts";

async function freshPostgres(): Promise<DbHandle> {
  try {
    return await testPostgres({ demo: false });
  } catch (e) {
    if (!(e instanceof TypeError && /parsers/.test(e.message))) throw e;
  }
  const name = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(TEST_PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  const h = await openDatabase({ url: url.toString(), migrate: false });
  await migrate(h.db as unknown as Parameters<typeof migrate>[0], { migrationsFolder: migrationsFolder() });
  await prepareDatabase(h, { demo: false });
  return {
    ...h,
    close: async () => {
      await h.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export async function rosterPostgres(opts: { demo?: boolean } = {}): Promise<DbHandle> {
  const h = await freshPostgres();
  if (opts.demo) await seedDemo(h.db);
  return h;
}

/** Both engines with the demo organisation. */
export const ROSTER_ENGINES = [
  { name: "pglite", open: () => testPglite({ demo: true }) },
  { name: "postgres", open: () => rosterPostgres({ demo: true }) },
] as const;

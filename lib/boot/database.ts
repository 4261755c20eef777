// The app's database, composed: lib/db opens and migrates; what a usable database also holds (reference
// data, the signing secret, the demo organisation on a first embedded start) is decided here, above every
// domain. main.ts, the CLI and the dev server's first request (routes/_middleware.ts) all come through here.
import { sql } from "drizzle-orm";
import { type Db, type DbHandle, getDbHandle, openDatabase } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { config } from "../config.ts";
import { ensureSigningSecret } from "../settings/queries.ts";
import { ensureBuiltInFleetSizes } from "../vans/built-in.ts";
import { loadPhoneCountry } from "../settings/phone-country.ts";

/**
 * Runs on every start after migrations: reference data and the signing secret always; the demo
 * organisation only on an empty embedded database and never with DEMO=false or on PostgreSQL.
 */
export async function prepareDatabase(
  h: DbHandle,
  opts: { demo?: boolean } = {},
): Promise<{ seeded: boolean }> {
  await ensureBuiltInFleetSizes(h.db);
  await ensureSigningSecret(h.db);
  await loadPhoneCountry(h.db);
  const wantDemo = opts.demo ?? (h.kind === "pglite" && config.demo);
  if (!wantDemo) return { seeded: false };
  const [{ n }] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from users`));
  if (n > 0) return { seeded: false };
  // Loaded only when needed: the demo brings the Amazon file generators, which a production start never uses.
  const { seedDemo } = await import("../demo/seed.ts");
  await seedDemo(h.db);
  return { seeded: true };
}

/**
 * The database a request uses: the one main.ts installed, or, under `astro dev` where main.ts never runs,
 * the configured one, opened and prepared on the first request.
 */
export async function appDb(): Promise<Db> {
  const h = await getDbHandle(async () => {
    const opened = await openDatabase();
    await prepareDatabase(opened);
    return opened;
  });
  return h.db;
}

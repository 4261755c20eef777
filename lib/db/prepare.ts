import { sql } from "drizzle-orm";
import type { DbHandle } from "./client.ts";
import { config } from "../config.ts";
import { ensureSigningSecret } from "../settings/queries.ts";
import { ensureReferenceData } from "../demo/reference.ts";
import { rowsOf } from "./rows.ts";

/**
 * Runs on every start after migrations: reference data and the signing secret always; the demo
 * organisation only on an empty embedded database and never with DEMO=false or on PostgreSQL.
 */
export async function prepareDatabase(h: DbHandle, opts: { demo?: boolean } = {}): Promise<{ seeded: boolean }> {
  await ensureReferenceData(h.db);
  await ensureSigningSecret(h.db);
  const wantDemo = opts.demo ?? (h.kind === "pglite" && config.demo);
  if (!wantDemo) return { seeded: false };
  const [{ n }] = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from users`));
  if (n > 0) return { seeded: false };
  const { seedDemo } = await import("../demo/seed.ts");
  await seedDemo(h.db);
  return { seeded: true };
}

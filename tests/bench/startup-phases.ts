// Where main.ts's start goes: the same steps as main.ts, each timed, printed as one JSON line.
// tests/bench/foundation.ts spawns it on the already-seeded data directory (DATA_DIR) after the timed runs;
// BENCH_SPAWNED_AT (Date.now() in the parent just before the spawn) gives the runtime's boot time.
import process from "node:process";

const top = Date.now();
const phases: Record<string, number> = {};
const spawnedAt = Number(process.env.BENCH_SPAWNED_AT);
if (spawnedAt) phases["deno boot (spawn to first line)"] = top - spawnedAt;

let t = performance.now();
const lap = (name: string) => {
  const now = performance.now();
  phases[name] = Math.round(now - t);
  t = now;
};

const { migrationsFolder, openDatabase, setDb } = await import("../../lib/db/client.ts");
const { prepareDatabase } = await import("../../lib/boot/database.ts");
const { startHttpServer } = await import("../../lib/web/server.ts");
const { migrate } = await import("drizzle-orm/pglite/migrator");
lap("import main.ts's modules (drizzle, PGlite, postgres.js)");

const handle = await openDatabase({ migrate: false });
lap("open the PGlite data directory (WASM + recovery)");
await migrate(handle.db, { migrationsFolder: migrationsFolder() });
lap("migrations check");
await prepareDatabase(handle);
lap("prepareDatabase (reference data, secret, demo check)");
setDb(handle);
const server = await startHttpServer({ host: "127.0.0.1", port: 0 });
lap("startHttpServer (import the Astro bundle, listen)");
const res = await fetch(server.url + "/");
await res.arrayBuffer();
lap(`first GET / (status ${res.status})`);

console.log(JSON.stringify(phases));
await server.close();
await handle.close();
process.exit(0);

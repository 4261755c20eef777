// Production entry: open the database (migrate, prepare, demo on first embedded start), then serve.
import process from "node:process";
import { checkpointPeriodically, type DbHandle, openDatabase, setDb } from "./lib/db/client.ts";
import { prepareDatabase } from "./lib/boot/database.ts";
import { config, publicUrlProblem } from "./lib/config.ts";
import { startHttpServer } from "./lib/web/server.ts";
import { startOutboxWorker } from "./lib/outbox/worker.ts";
import { transportsFromEnv } from "./lib/outbox/transports.ts";

const started = performance.now();
const refusal = publicUrlProblem();
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
let handle: DbHandle;
try {
  handle = await openDatabase();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const { seeded } = await prepareDatabase(handle);
setDb(handle);
const server = await startHttpServer({ host: config.host, port: config.port, warmParsers: true });
const stopWorker = startOutboxWorker(handle.db, transportsFromEnv());
const stopCheckpoints = checkpointPeriodically(handle);
const where = handle.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
console.log(
  `DSP Back Office listening on ${server.url} (${where}${seeded ? ", demo data loaded" : ""}) in ${
    Math.round(performance.now() - started)
  } ms`,
);

/** Stops taking requests, lets the outbox finish its send, and closes the database (PGlite checkpoints and
 * releases the data directory), so the next start has nothing to recover. */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  const hard = setTimeout(() => {
    console.error(`DSP Back Office: ${signal}: not stopped within 20 s, exiting without a clean close`);
    process.exit(1);
  }, 20_000);
  stopCheckpoints();
  await stopWorker();
  await server.close();
  await handle.close();
  clearTimeout(hard);
  console.log(`DSP Back Office stopped cleanly (${signal})`);
  process.exit(0);
}
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));

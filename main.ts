// Production entry: open the database (migrate, prepare, demo on first embedded start), then serve.
import process from "node:process";
import { type DbHandle, openDatabase, setDb } from "./lib/db/client.ts";
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
const where = handle.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
console.log(
  `DSP Back Office listening on ${server.url} (${where}${seeded ? ", demo data loaded" : ""}) in ${
    Math.round(performance.now() - started)
  } ms`,
);

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await stopWorker();
  await server.close();
  await handle.close();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

// The one door every upload parser goes through (imports/parse.ts, sheets/workbook.ts, sheets/csv.ts): in
// the server the file is read by a pool worker (pool.ts) within its budgets; elsewhere (unit tests, the
// CLI, inside a worker itself) it is read here, in-process. The job names are worker.ts's JOBS.
import { DomainError, type ErrorKind } from "../errors.ts";
import { installedPool } from "./pool.ts";
import { parserUnavailable, tooBig, tooSlow } from "./errors.ts";

export type JobName = "amazon" | "sheet-rows" | "csv";

export async function offThread<T>(
  job: JobName,
  payload: unknown,
  bytes: Uint8Array,
  local: () => Promise<T>,
): Promise<T> {
  const pool = installedPool();
  if (!pool) return await local();
  const reply = await pool.run(job, payload, bytes);
  if (reply.ok) return reply.result as T;
  if ("budget" in reply) {
    throw reply.budget === "time" ? tooSlow(reply.limit / 1000) : tooBig(reply.limit);
  }
  if ("unavailable" in reply) throw parserUnavailable(reply.unavailable);
  const e = reply.error;
  // The worker's DomainErrors come back as this process's own (the edge recognises them by class).
  if (e.code && e.kind) {
    throw new DomainError(e.code, e.kind as ErrorKind, e.message, { fields: e.fields, data: e.data });
  }
  throw new Error(`parse worker: ${e.message}`);
}

import assert from "node:assert/strict";
import process from "node:process";
import { log, setLogSink } from "./logger.ts";
import { newRequestRecord, withRequest } from "./request-context.ts";
import { config, type LogLevel } from "../config.ts";

/** Collects the lines written while `fn` runs, at `level` (LOG_LEVEL when omitted). */
async function capture(
  fn: () => unknown,
  level?: LogLevel,
): Promise<{ line: Record<string, unknown>; level: LogLevel }[]> {
  const lines: { line: Record<string, unknown>; level: LogLevel }[] = [];
  const restore = setLogSink((line, lvl) => lines.push({ line: JSON.parse(line), level: lvl }), { level });
  try {
    await fn();
  } finally {
    restore();
  }
  return lines;
}

Deno.test("log: one JSON object per line with time, level, message and fields", async () => {
  const [{ line, level }] = await capture(
    () => log.info("import stored", { kind: "dnr", rows: 12 }),
    "debug",
  );
  assert.equal(level, "info");
  assert.equal(line.level, "info");
  assert.equal(line.msg, "import stored");
  assert.equal(line.kind, "dnr");
  assert.equal(line.rows, 12);
  assert.ok(!Number.isNaN(Date.parse(String(line.time))));
  assert.equal("request_id" in line, false);
});

Deno.test("log: lines below the level are dropped", async () => {
  const write = () => {
    log.debug("d");
    log.info("i");
    log.warn("w");
    log.error("e");
  };
  assert.deepEqual((await capture(write, "warn")).map((l) => l.line.msg), ["w", "e"]);
  assert.deepEqual((await capture(write, "debug")).map((l) => l.line.msg), ["d", "i", "w", "e"]);
});

Deno.test("log: LOG_LEVEL sets the level; anything else than debug, info, warn, error means info", async () => {
  const before = process.env.LOG_LEVEL;
  try {
    process.env.LOG_LEVEL = "ERROR";
    assert.equal(config.logLevel, "error");
    assert.deepEqual((await capture(() => (log.warn("w"), log.error("e")))).map((l) => l.line.msg), ["e"]);
    process.env.LOG_LEVEL = "loud";
    assert.equal(config.logLevel, "info");
    delete process.env.LOG_LEVEL;
    assert.equal(config.logLevel, "info");
  } finally {
    if (before === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = before;
  }
});

Deno.test("log: a line written while serving a request carries the request's id, also after an await", async () => {
  const record = newRequestRecord("GET");
  const lines = await capture(() =>
    withRequest(record, async () => {
      await new Promise((ok) => setTimeout(ok, 1));
      log.info("inside");
    }), "info");
  assert.equal(lines[0].line.request_id, record.id);
  assert.match(record.id, /^[0-9a-f-]{36}$/);
});

Deno.test("log: errors keep their message, code and stack; a cycle does not lose the line", async () => {
  const e = Object.assign(new Error("boom"), { code: "23505" });
  const [{ line }] = await capture(() => log.error("unhandled error", { error: e }), "info");
  const error = line.error as Record<string, string>;
  assert.equal(error.message, "boom");
  assert.equal(error.code, "23505");
  assert.match(error.stack, /logger\.test\.ts/);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const [{ line: kept }] = await capture(() => log.warn("odd", { cyclic }), "info");
  assert.equal(kept.msg, "odd");
  assert.equal(kept.unserialisable_fields, true);
});

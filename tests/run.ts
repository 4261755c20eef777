// The one test command (`npm test` = `deno task ok`): checks that PostgreSQL and Chromium are there, runs
// the static checks (tests/gate.ts: fmt, lint, types), builds the app, runs `deno test` over lib/, cli/,
// islands/ and tests/ in TEST_SHARDS processes (default 3, tests/shards.ts), and closes with "N passed, M failed".
//
//   deno task test                      everything
//   deno task test tests/http/          only these paths
//   deno task test --filter throttle    deno test flags pass through
//   deno task test --no-build ...       skip the Astro build (the dist/ already matches the sources)
//
// A missing PostgreSQL or Chromium fails the run: those tests are part of the suite, never skipped.
import { existsSync } from "node:fs";
import postgres from "postgres";
import { staticChecks } from "./gate.ts";
import { clientDir, precompressDir } from "../lib/web/precompress.ts";
import { FileClock, guessSeconds, listTestFiles, planShards } from "./shards.ts";

const PG_URL = Deno.env.get("TEST_DATABASE_URL") ?? "postgres://127.0.0.1:5432/test";
const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const DEFAULT_PATHS = ["lib/", "cli/", "islands/", "tests/"];
const IGNORE = ["tests/bench/", "tests/.cache/"];

// deno-lint-ignore no-control-regex
const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");

async function checkPostgres(): Promise<string | null> {
  const url = new URL(PG_URL);
  const where = `${url.hostname}:${url.port || 5432}`;
  try {
    const conn = await Deno.connect({ hostname: url.hostname, port: Number(url.port || 5432) });
    conn.close();
  } catch (e) {
    return [
      `PostgreSQL is not reachable at ${where} (${(e as Error).message}).`,
      "  The integration and two-server tests need it. Start it with:",
      "    pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start",
      "  or install it: apt-get install -y postgresql. `bash .ci/run` does both.",
      "  Another server: TEST_DATABASE_URL=postgres://user@host:port/db (the user must be allowed to create databases).",
    ].join("\n");
  }
  const sql = postgres(PG_URL, { max: 1, connect_timeout: 10, onnotice: () => {} });
  try {
    const [{ can }] = await sql<
      { can: boolean }[]
    >`select rolcreatedb or rolsuper as can from pg_roles where rolname = current_user`;
    if (!can) {
      return `PostgreSQL at ${where}: the user of ${PG_URL} may not create databases (each test file makes its own).`;
    }
    return null;
  } catch (e) {
    return [
      `PostgreSQL answers at ${where} but ${PG_URL} cannot be used: ${(e as Error).message}`,
      `  Create the database (and role) it names, e.g.: createdb -h ${url.hostname} ${
        url.pathname.slice(1) || "test"
      }`,
    ].join("\n");
  } finally {
    await sql.end({ timeout: 2 });
  }
}

function checkChromium(): string | null {
  if (existsSync(CHROMIUM)) return null;
  return [
    `Chromium is missing (${CHROMIUM}): the browser tests need it.`,
    "  Install it with: apt-get update && apt-get install -y chromium fonts-liberation (as root; `bash .ci/run` does it),",
    "  or point CHROMIUM_PATH at another Chromium binary.",
  ].join("\n");
}

async function build(): Promise<boolean> {
  const started = performance.now();
  const { code } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "node_modules/astro/bin/astro.mjs", "build", "--silent"],
    env: { ASTRO_DISABLE_UPDATE_CHECK: "true", ASTRO_TELEMETRY_DISABLED: "1" },
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (code !== 0) return false;
  // The build step after astro build (deno task build runs it too): .br and .gz beside each text asset.
  precompressDir(clientDir());
  console.log(`Built the app in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

/** Deno's closing line: "ok | 48 passed (8 steps) | 0 failed | 2 ignored (9s)" or "FAILED | ...". */
export function parseSummary(output: string): { passed: number; failed: number; ignored: number } | null {
  const lines = stripAnsi(output).split("\n").filter((l) => /^(ok|FAILED) \| \d+ passed/.test(l.trim()));
  const last = lines.at(-1);
  if (!last) return null;
  const num = (re: RegExp) => Number(last.match(re)?.[1] ?? 0);
  return { passed: num(/(\d+) passed/), failed: num(/(\d+) failed/), ignored: num(/(\d+) ignored/) };
}

/** deno test flags whose value may follow as the next argument (`--filter name`). */
/**
 * The "name => file:line" lines of deno test's closing FAILURES list: with several shards the list of
 * one is far above the last line, and a CI log is often read from its tail.
 */
export function failedTests(output: string): string[] {
  const text = stripAnsi(output);
  const at = [...text.matchAll(/\n\s*FAILURES\s*\n/g)].at(-1)?.index;
  if (at === undefined) return [];
  return text.slice(at).split("\n").map((l) => l.trim()).filter((l) => / => .+:\d+:\d+$/.test(l));
}

/**
 * The ERRORS section deno test prints before FAILURES (each failed test's error and stack), cut to
 * `maxLines`: repeated after the summary so the tail of a long log (all CI keeps) says why, not only which.
 */
export function failureErrors(output: string, maxLines = 40): string {
  const text = stripAnsi(output);
  const start = [...text.matchAll(/(?:^|\n)\s*ERRORS\s*\n/g)].at(-1)?.index;
  if (start === undefined) return "";
  const end = text.indexOf("FAILURES", start);
  const lines = text.slice(start, end < 0 ? undefined : end).trim().split("\n").slice(1).join("\n").trim()
    .split("\n");
  return lines.slice(0, maxLines).join("\n") + (lines.length > maxLines ? "\n  ..." : "");
}

/** The machine's CPU counters (/proc/stat's first line): busy and all jiffies since boot; null off Linux. */
function cpuTimes(): { busy: number; all: number } | null {
  try {
    const f = Deno.readTextFileSync("/proc/stat").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3] + (f[4] ?? 0);
    const all = f.reduce((a, b) => a + b, 0);
    return { busy: all - idle, all };
  } catch {
    return null;
  }
}

/** How busy the whole machine's CPUs were between two readings, in percent (the suite's own sharding
 * question: under ~85 % another shard would have had room). */
export function busyPercent(a: { busy: number; all: number }, b: { busy: number; all: number }): number {
  return b.all > a.all ? Math.round(((b.busy - a.busy) / (b.all - a.all)) * 100) : 0;
}

const FLAGS_WITH_VALUE = new Set([
  "--filter",
  "--reporter",
  "--junit-path",
  "--coverage",
  "--config",
  "-c",
  "--env-file",
  "--seed",
  "--import-map",
]);

/**
 * The property tests' seed: PROPERTY_SEED when given, else one drawn from the commit under test. The same
 * commit replays the same mutated files wherever it runs (CI reproduces a local run exactly), and every new
 * commit explores new ones. Outside a git checkout the tests draw their own.
 */
async function propertySeed(): Promise<Record<string, string>> {
  if (Deno.env.get("PROPERTY_SEED")) return {};
  try {
    const out = await new Deno.Command("git", {
      args: ["rev-parse", "HEAD"],
      stdout: "piped",
      stderr: "null",
    }).output();
    const head = new TextDecoder().decode(out.stdout).trim();
    if (!out.success || !/^[0-9a-f]{8}/.test(head)) return {};
    return { PROPERTY_SEED: String(parseInt(head.slice(0, 8), 16) % 2 ** 31) };
  } catch {
    return {};
  }
}

const TIMINGS = "tests/.cache/timings.json";

function readTimings(): Record<string, number> {
  try {
    return JSON.parse(Deno.readTextFileSync(TIMINGS));
  } catch {
    return {};
  }
}

/** The named paths of the arguments, and the rest (flags with their values). */
function splitArgs(args: string[]): { paths: string[]; flags: string[] } {
  const paths: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (FLAGS_WITH_VALUE.has(a)) flags.push(a, args[++i]);
    else if (a.startsWith("-")) flags.push(a);
    else paths.push(a);
  }
  return { paths, flags };
}

/** One `deno test` over some files, its lines streamed with a prefix when several run at once. */
async function runShard(
  files: string[],
  flags: string[],
  env: Record<string, string>,
  prefix: string,
  clock: FileClock,
): Promise<{ code: number; output: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", ...flags, ...files],
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, out: typeof Deno.stdout) => {
    const decoder = new TextDecoder();
    const encoder = new TextEncoder();
    let partial = "";
    for await (const chunk of stream) {
      const text = partial + decoder.decode(chunk, { stream: true });
      const lines = text.split("\n");
      partial = lines.pop()!;
      if (lines.length) await out.write(encoder.encode(lines.map((l) => prefix + l + "\n").join("")));
      if (out === Deno.stdout) {
        for (const l of lines) clock.line(l, performance.now());
        output += lines.join("\n") + "\n";
        if (output.length > 4_000_000) output = output.slice(-1_000_000);
      }
    }
    if (partial) {
      await out.write(encoder.encode(prefix + partial + "\n"));
      if (out === Deno.stdout) output += partial + "\n";
    }
  };
  await Promise.all([pump(child.stdout, Deno.stdout), pump(child.stderr, Deno.stderr)]);
  const { code } = await child.status;
  clock.end(performance.now());
  return { code, output };
}

async function runTests(
  args: string[],
  opts: { screens: string },
): Promise<{ code: number; outputs: string[] }> {
  const { paths, flags } = splitArgs(args);
  const files = listTestFiles(paths.length ? paths : DEFAULT_PATHS, IGNORE);
  const seed = await propertySeed();
  if (seed.PROPERTY_SEED) {
    console.log(`Property tests seeded from the commit: PROPERTY_SEED=${seed.PROPERTY_SEED}`);
  }
  const timings = readTimings();
  const count = Number(Deno.env.get("TEST_SHARDS") ?? 3);
  const shards = planShards(files, count, (f) => timings[f] || guessSeconds(f));
  if (shards.length > 1) {
    console.log(`${files.length} test files in ${shards.length} processes (TEST_SHARDS=${count}).`);
  }
  const clocks = shards.map(() => new FileClock());
  const runs = await Promise.all(
    shards.map((shard, i) =>
      runShard(
        shard,
        flags,
        { ...seed, SCREENS: opts.screens },
        shards.length > 1 ? `[${i + 1}] ` : "",
        clocks[i],
      )
    ),
  );
  // Remember how long each file took, to balance the next run.
  for (const clock of clocks) Object.assign(timings, clock.seconds);
  Deno.mkdirSync("tests/.cache", { recursive: true });
  Deno.writeTextFileSync(TIMINGS, JSON.stringify(timings, null, 1));
  return { code: runs.find((r) => r.code !== 0)?.code ?? 0, outputs: runs.map((r) => r.output) };
}

async function main(): Promise<number> {
  const args = [...Deno.args];
  const noBuild = args.includes("--no-build");
  const rest = args.filter((a) => a !== "--no-build" && a !== "--");

  const missing = [await checkPostgres(), checkChromium()].filter((m): m is string => m !== null);
  if (missing.length) {
    console.error(
      `\nThe tests cannot run: ${missing.length === 1 ? "a requirement is" : "requirements are"} missing.\n`,
    );
    for (const m of missing) console.error(m + "\n");
    console.log("0 passed, 1 failed");
    return 1;
  }

  // The whole gate when everything runs: format, lint and types (tests/gate.ts), beside the build.
  const [checked, built] = await Promise.all([rest.length === 0 ? staticChecks() : true, noBuild || build()]);
  if (!checked) {
    console.error("\nThe static checks failed (above); no test ran.");
    console.log("0 passed, 1 failed");
    return 1;
  }
  if (!built) {
    console.error("\nThe app did not build (`deno task build`); no test ran.");
    console.log("0 passed, 1 failed");
    return 1;
  }

  // The gate above type-checked every test file (tests/gate.ts checks lib, cli, islands and tests), so
  // the shards skip deno test's own check: each would type-check its half of the tree again (~20 s each).
  const whole = rest.length === 0;
  const cpuBefore = cpuTimes();
  const testsStarted = performance.now();
  const { code, outputs } = await runTests(whole ? ["--no-check"] : rest, {
    // Screenshots are for a person to look at; the whole suite skips them unless SCREENS=1 asks
    // (tests/helpers/browser.ts `shot`). Runs of named files keep taking them.
    screens: Deno.env.get("SCREENS") ?? (whole ? "0" : "1"),
  });
  const cpuAfter = cpuTimes();
  if (cpuBefore && cpuAfter) {
    console.log(
      `The tests took ${
        ((performance.now() - testsStarted) / 60_000).toFixed(1)
      } min; the machine's ${navigator.hardwareConcurrency} CPUs were ${
        busyPercent(cpuBefore, cpuAfter)
      } % busy.`,
    );
  }
  const summaries = outputs.map(parseSummary);
  if (summaries.some((x) => x === null)) {
    console.error(`\ndeno test exited with ${code} and printed no summary (a module failed to load?).`);
    console.log("0 passed, 1 failed");
    return code || 1;
  }
  const total = (k: "passed" | "failed" | "ignored") => summaries.reduce((n, x) => n + x![k], 0);
  const failures = outputs.flatMap(failedTests);
  if (failures.length) {
    const errors = outputs.map((o) => failureErrors(o)).filter(Boolean);
    console.log(`\nWhy:\n${errors.join("\n")}`);
    console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}\n`);
  }
  console.log(
    `${total("passed")} passed, ${total("failed")} failed${
      total("ignored") ? `, ${total("ignored")} skipped` : ""
    }`,
  );
  return code;
}

if (import.meta.main) Deno.exit(await main());

// Splits the test files between a few `deno test` processes. Each test file already starts its own app
// and database (tests/helpers), so files are independent; the machine has two cores and most files spend
// much of their time waiting on PGlite, Chromium or a socket, so two processes finish well before one.
// Files are dealt longest first to the least loaded shard, weighed by the time each took last run
// (tests/.cache/timings.json, from deno test's progress lines) or, for a file not yet timed, by its kind.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const TEST_FILE = /(^|[._])test\.tsx?$/;

/** Every test file under the given folders (or the files themselves), skipping ignored prefixes. */
export function listTestFiles(paths: string[], ignore: string[]): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if (ignore.some((i) => (p + "/").startsWith(i))) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
    } else if (TEST_FILE.test(p.split("/").at(-1)!)) out.push(p);
  };
  for (const p of paths) if (existsSync(p)) walk(p.replace(/\/$/, ""));
  return out;
}

/**
 * Seconds the heaviest files took in a whole run on the 2-core machine (three shards, 2026-11-25), for a checkout without
 * tests/.cache/timings.json: one 90 s file dealt last to the wrong shard keeps the other idle that long.
 * Rough is enough; the next run times every file.
 */
export const KNOWN_SECONDS: Record<string, number> = {
  "tests/property/import-endpoints.test.ts": 163,
  "tests/browser/accessibility.test.ts": 157,
  "tests/browser/shell.test.ts": 138,
  "tests/browser/auth.test.ts": 132,
  "tests/http/backup.test.ts": 118,
  "tests/browser/setup.test.ts": 97,
  "tests/browser/setup-screens.test.ts": 94,
  "tests/browser/checks.test.ts": 93,
  "tests/browser/imports.test.ts": 92,
  "cli/database.test.ts": 86,
  "tests/browser/das.test.ts": 85,
  "tests/browser/roster.test.ts": 78,
  "tests/integration/imports.test.ts": 78,
  "tests/browser/tracker.test.ts": 76,
  "tests/property/whc.test.ts": 76,
  "tests/http/cli-import.test.ts": 75,
  "tests/browser/staff.test.ts": 71,
  "tests/browser/tracker-journey.test.ts": 69,
  "tests/browser/tracker-grid.test.ts": 68,
  "tests/browser/tracker-sync.test.ts": 66,
  "tests/property/overview.test.ts": 65,
  "tests/browser/board.test.ts": 63,
  "tests/integration/notify-outbox.test.ts": 62,
  "tests/integration/roster.test.ts": 60,
  "tests/property/scorecard-pdf.test.ts": 59,
  "tests/integration/schedule.test.ts": 57,
  "tests/browser/dashboard.test.ts": 56,
  "tests/browser/checks-ikea.test.ts": 55,
  "tests/browser/vans.test.ts": 53,
  "tests/property/api-odd-input.test.ts": 52,
  "tests/browser/sms-replies.test.ts": 51,
  "tests/browser/tracker-screens.test.ts": 51,
  "cli/session.test.ts": 51,
  "tests/browser/schedule.test.ts": 48,
  "tests/browser/screens.test.ts": 45,
  "tests/browser/no-script.test.ts": 43,
  "tests/browser/payroll-tracker.test.ts": 43,
  "tests/property/reliability-pdf.test.ts": 40,
  "tests/browser/password-reset.test.ts": 36,
  "tests/http/authorization-matrix.test.ts": 34,
  "tests/http/tracker.test.ts": 30,
  "tests/property/reliability-xlsx.test.ts": 30,
  "tests/http/board.test.ts": 28,
  "lib/reference/references.test.ts": 28,
  "lib/shifts/shift-upload.test.ts": 26,
};

/** A guess in seconds for a file never timed: a measured weight, else by kind (browser journeys first). */
export function guessSeconds(file: string): number {
  if (KNOWN_SECONDS[file]) return KNOWN_SECONDS[file];
  if (file.startsWith("tests/browser/")) return 40;
  if (file.startsWith("tests/http/") || file.startsWith("tests/property/")) return 15;
  if (file.startsWith("tests/integration/")) return 10;
  return 2;
}

/** Longest-processing-time-first: each file, heaviest first, goes to the shard with the least work. */
export function planShards(files: string[], count: number, seconds: (f: string) => number): string[][] {
  const shards = Array.from({ length: Math.max(1, count) }, () => ({ files: [] as string[], load: 0 }));
  const weighed = files.map((f) => ({ f, s: seconds(f) })).sort((a, b) =>
    b.s - a.s || a.f.localeCompare(b.f)
  );
  for (const { f, s } of weighed) {
    const least = shards.reduce((a, b) => (b.load < a.load ? b : a));
    least.files.push(f);
    least.load += s;
  }
  return shards.map((s) => s.files.sort()).filter((s) => s.length > 0);
}

/**
 * Times each test file from `deno test`'s own progress lines: a file runs from its "running N tests from
 * ./file" line until the next file's line (or the end). JUnit reports name the module that called
 * Deno.test (a shared helper, for the browser journeys), so they cannot say which file took the time.
 */
export class FileClock {
  readonly seconds: Record<string, number> = {};
  private current: { file: string; since: number } | null = null;

  /** Feed every stdout line with the time it arrived (ms). */
  line(text: string, now: number): void {
    // deno-lint-ignore no-control-regex
    const plain = text.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "");
    const file = plain.match(/running \d+ tests? from \.\/(\S+)/)?.[1];
    if (file) {
      this.end(now);
      this.current = { file, since: now };
    }
  }

  end(now: number): void {
    if (this.current) {
      const { file, since } = this.current;
      this.seconds[file] = (this.seconds[file] ?? 0) + (now - since) / 1000;
    }
    this.current = null;
  }
}

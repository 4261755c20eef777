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

/** A guess in seconds for a file never timed: browser journeys cost most, then app-backed tests. */
export function guessSeconds(file: string): number {
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

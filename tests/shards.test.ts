import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { FileClock, guessSeconds, KNOWN_SECONDS, listTestFiles, planShards } from "./shards.ts";

Deno.test("planShards deals the heaviest files first to the least loaded shard", () => {
  const secs: Record<string, number> = { a: 10, b: 8, c: 7, d: 3, e: 2 };
  const shards = planShards(Object.keys(secs), 2, (f) => secs[f]);
  assertEquals(shards, [["a", "d", "e"], ["b", "c"]]);
  const load = shards.map((s) => s.reduce((n, f) => n + secs[f], 0));
  assertEquals(load, [15, 15]);
});

Deno.test("planShards: every file exactly once, no empty shard, at least one shard", () => {
  const files = ["x.test.ts", "y.test.ts", "z.test.ts"];
  const three = planShards(files, 5, () => 1);
  assertEquals(three.length, 3);
  assertEquals(three.flat().sort(), files);
  assertEquals(planShards(files, 0, () => 1), [files]);
});

Deno.test("guessSeconds weighs browser journeys above app tests above unit tests", () => {
  const b = guessSeconds("tests/browser/tracker.test.ts");
  const h = guessSeconds("tests/http/auth.test.ts");
  const u = guessSeconds("lib/money.test.ts");
  assertEquals(b > h && h > u, true);
});

Deno.test("guessSeconds: a measured file weighs what it took, an unknown one its kind's guess", () => {
  assertEquals(guessSeconds("tests/browser/auth.test.ts"), KNOWN_SECONDS["tests/browser/auth.test.ts"]);
  assertEquals(guessSeconds("tests/browser/no-such-screen.test.ts"), 40);
  assertEquals(guessSeconds("cli/database.test.ts") > guessSeconds("cli/other.test.ts"), true);
});

Deno.test("FileClock: a file runs from its 'running' line to the next file's, or the end", () => {
  const clock = new FileClock();
  clock.line("running 2 tests from ./lib/a.test.ts", 1_000);
  clock.line("first ... ok (5ms)", 1_200);
  clock.line("running 1 test from ./tests/browser/b.test.ts", 2_500);
  clock.line("\u001b[0m\u001b[38;5;245mrunning 3 tests from ./lib/a.test.ts\u001b[0m", 9_500);
  clock.end(10_000);
  assertEquals(clock.seconds, { "lib/a.test.ts": 2, "tests/browser/b.test.ts": 7 });
});

Deno.test("listTestFiles finds test files and skips ignored folders", () => {
  const files = listTestFiles(["tests/"], ["tests/bench/", "tests/.cache/"]);
  assertEquals(files.includes("tests/shards.test.ts"), true);
  assertEquals(files.some((f) => f.startsWith("tests/bench/")), false);
  assertEquals(files.some((f) => !/\.test\.tsx?$/.test(f)), false);
  assertEquals(listTestFiles(["tests/shards.test.ts"], []), ["tests/shards.test.ts"]);
});

import assert from "node:assert/strict";
import { busyPercent, failedTests, failureErrors, parseSummary } from "./run.ts";

// deno test's own closing lines for a file with a failing test, a passing one and a failing step.
const OUTPUT = [
  "\x1b[0m\x1b[1m\x1b[37m\x1b[41m ERRORS \x1b[0m",
  "",
  "a fails \x1b[0m\x1b[38;5;245m=> ./f.test.ts:1:6\x1b[0m",
  "error: Error: x",
  "    at file:///tmp/ft/f.test.ts:1:42",
  "",
  "\x1b[0m\x1b[1m\x1b[37m\x1b[41m FAILURES \x1b[0m",
  "",
  "a fails \x1b[0m\x1b[38;5;245m=> ./f.test.ts:1:6\x1b[0m",
  "c steps ... inner \x1b[0m\x1b[38;5;245m=> ./f.test.ts:3:45\x1b[0m",
  "",
  "\x1b[0m\x1b[31mFAILED\x1b[0m | 1 passed | 2 failed (1 step) \x1b[0m\x1b[38;5;245m(17ms)\x1b[0m",
].join("\n");

Deno.test("the run names each failed test from deno test's FAILURES list, and counts them", () => {
  assert.deepEqual(failedTests(OUTPUT), [
    "a fails => ./f.test.ts:1:6",
    "c steps ... inner => ./f.test.ts:3:45",
  ]);
  assert.deepEqual(parseSummary(OUTPUT), { passed: 1, failed: 2, ignored: 0 });
  assert.deepEqual(failedTests("ok | 3 passed | 0 failed (1s)"), []);
});

Deno.test("the run repeats each failure's error from deno test's ERRORS section, cut to a length", () => {
  assert.equal(
    failureErrors(OUTPUT),
    "a fails => ./f.test.ts:1:6\nerror: Error: x\n    at file:///tmp/ft/f.test.ts:1:42",
  );
  assert.equal(failureErrors(OUTPUT, 1), "a fails => ./f.test.ts:1:6\n  ...");
  assert.equal(failureErrors("ok | 3 passed | 0 failed (1s)"), "");
});

Deno.test("busyPercent: the share of CPU time not idle between two readings", () => {
  assert.equal(busyPercent({ busy: 100, all: 400 }, { busy: 250, all: 600 }), 75);
  assert.equal(busyPercent({ busy: 1, all: 2 }, { busy: 1, all: 2 }), 0);
});

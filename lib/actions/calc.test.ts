import assert from "node:assert/strict";
import { ACTION_LABELS, STATUS_LABELS, statusTone } from "./calc.ts";

Deno.test("action status colours: 1 green, 2 warning, any other red", () => {
  assert.equal(statusTone(1), "green");
  assert.equal(statusTone(2), "amber");
  assert.equal(statusTone(3), "red");
  assert.equal(statusTone(0), "red");
  assert.equal(STATUS_LABELS[1], "Done");
  assert.equal(ACTION_LABELS[1], "Coaching");
});

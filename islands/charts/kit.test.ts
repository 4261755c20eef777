import assert from "node:assert/strict";
import { barThickness } from "./kit.ts";

Deno.test("bar thickness is 15, or 25 for monthly bars (01 section 9)", () => {
  assert.deepEqual([barThickness(), barThickness(true)], [15, 25]);
});

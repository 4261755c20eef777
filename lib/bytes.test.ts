import assert from "node:assert/strict";
import { concatBytes } from "./bytes.ts";

Deno.test("concatBytes joins pieces in order, empty ones included", () => {
  const out = concatBytes([new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]);
  assert.deepEqual([...out], [1, 2, 3]);
  assert.equal(concatBytes([]).byteLength, 0);
});

import assert from "node:assert/strict";
import { scriptJson, serverOnly } from "./page-data.ts";

Deno.test("scriptJson: cannot close its script element, and parses back to the same data", () => {
  const data = {
    name: "</script><script>alert(1)</script>",
    note: "<!-- x",
    sep: "a\u2028b\u2029c",
    n: [1, null],
  };
  const text = scriptJson(data);
  assert.ok(!text.includes("<"));
  assert.ok(!text.includes("\u2028") && !text.includes("\u2029"));
  assert.deepEqual(JSON.parse(text), data);
});

Deno.test("serverOnly: readable on the server, absent from what Astro serializes for the island", () => {
  const rows = [{ id: 1, route: "CX1" }];
  const prop = serverOnly(rows);
  assert.equal(prop.value, rows);
  assert.deepEqual(Object.entries(prop), [], "Astro's props serializer walks Object.entries");
  assert.equal(JSON.stringify({ rows: prop }), '{"rows":{}}');
  assert.deepEqual({ ...prop }, {});
});

import assert from "node:assert/strict";
import { agencyInput, agencyPatch, stationInput, stationPatch } from "./inputs.ts";

const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

Deno.test("station tags: upper-cased, 3-5 letters or digits", () => {
  assert.deepEqual(stationInput.parse({ title: " Don 9 ", tag: "don9" }), { title: "Don 9", tag: "DON9" });
  for (const tag of ["DO", "DON9XX", "DO-9", ""]) {
    assert.equal(stationInput.safeParse({ title: "X", tag }).success, false, tag);
  }
  assert.equal(first(stationInput.safeParse({ title: "", tag: "ABC" })).title, "Required");
  assert.deepEqual(stationPatch.parse({ tag: "hyz1" }), { tag: "HYZ1" });
});

Deno.test("agencies and fleet groups: a required name, an optional description, nothing else", () => {
  assert.deepEqual(agencyInput.parse({ name: " Direct ", description: null }), {
    name: "Direct",
    description: "",
  });
  assert.equal(first(agencyInput.safeParse({ name: " " })).name, "Required");
  assert.equal(agencyInput.safeParse({ name: "A", extra: 1 }).success, false);
  assert.deepEqual(agencyPatch.parse({}), {});
});

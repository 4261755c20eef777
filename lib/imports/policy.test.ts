import assert from "node:assert/strict";
import { mayImport, mayImportFor, mayLinkDas, mayManage, notYourStation } from "./policy.ts";

Deno.test("supervisors, managers and owners import; dispatchers and drivers do not", () => {
  for (const role of [2, 3, 4]) assert.equal(mayImport({ role, stationIds: [1] }), true);
  for (const role of [1, 5, null]) assert.equal(mayImport({ role, stationIds: [1] }), false);
});

Deno.test("an import, re-run or link is only for one of the viewer's stations", () => {
  const supervisor = { role: 2, stationIds: [1, 2] };
  assert.equal(mayImportFor(supervisor, 2), true);
  assert.equal(mayImportFor(supervisor, 3), false);
  assert.equal(mayManage(supervisor, 1), true);
  assert.equal(mayManage(supervisor, 3), false);
  assert.equal(mayLinkDas(supervisor, 1), true);
  assert.equal(mayLinkDas({ role: 1, stationIds: [1] }, 1), false);
  assert.equal(notYourStation("DTO3"), "You cannot import for station DTO3");
});

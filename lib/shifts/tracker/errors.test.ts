import assert from "node:assert/strict";
import { editConflict, noFreeVans, TRACKER, vanTaken } from "./errors.ts";
import { fieldLabel } from "./field-labels.ts";
import type { ShiftRecordDto } from "../dto.ts";

const record = { id: 4, version: 7 } as ShiftRecordDto;

Deno.test("conflict: names the field in words, carries the field and the row as it is now", () => {
  const e = editConflict("driver", fieldLabel("driver"), record);
  assert.equal(e.code, TRACKER.conflict);
  assert.equal(e.kind, "conflict");
  assert.equal(e.message, "Someone else changed the DA on this row. The row now shows their change.");
  assert.deepEqual(e.data, { field: "driver", record });
  assert.deepEqual(e.fields, {}, "`field` is a name here, not a list of messages");
  assert.equal(
    editConflict("number_of_packages", fieldLabel("number_of_packages"), record).message,
    "Someone else changed number of packages on this row. The row now shows their change.",
  );
});

Deno.test("no free vans: 02 section 8's words under fleet_size, with the row written without a van", () => {
  const e = noFreeVans(record);
  assert.equal(e.code, TRACKER.noFreeVans);
  assert.equal(e.kind, "not_found");
  assert.deepEqual(e.fields, { fleet_size: ["No free vans!"] });
  assert.deepEqual(e.data, { record });
});

Deno.test("duplicate van: the message goes under the field that named the van", () => {
  const e = vanTaken("fleet_number", "Van 104 is already assigned to Ana Cruz today.");
  assert.equal(e.code, TRACKER.vanTaken);
  assert.deepEqual(e.fields, { fleet_number: ["Van 104 is already assigned to Ana Cruz today."] });
});

Deno.test("codes are unique and all of the tracker", () => {
  const codes = Object.values(TRACKER);
  assert.equal(new Set(codes).size, codes.length);
  for (const c of codes) assert.match(c, /^tracker\.[a-z_]+$/);
});

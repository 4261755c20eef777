import assert from "node:assert/strict";
import { COMMON } from "../../lib/errors.ts";
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import { type FailedCall, refusalOf } from "./refusal.ts";
import type { Rec } from "./types.ts";

const record = { id: 4, version: 9 } as Rec;
const failed = (status: number, code: string, body: Record<string, unknown> = {}): FailedCall => ({
  status,
  code,
  body: { ...body, code },
});

Deno.test("refusals are told apart by code: conflict, no free vans, duplicate van", () => {
  assert.deepEqual(
    refusalOf(
      failed(409, TRACKER.conflict, {
        detail: "Someone else changed the DA on this row.",
        field: "driver",
        record,
      }),
    ),
    { kind: "conflict", record, message: "Someone else changed the DA on this row." },
  );
  assert.deepEqual(refusalOf(failed(404, TRACKER.noFreeVans, { detail: "No free vans!", record })), {
    kind: "no_free_vans",
    record,
  });
  assert.deepEqual(refusalOf(failed(404, TRACKER.noFreeVans, { detail: "No free vans!" })), {
    kind: "no_free_vans",
    record: null,
  });
  const taken = "Van 104 is already assigned to Ana Cruz on route CX1 today.";
  assert.deepEqual(refusalOf(failed(400, TRACKER.vanTaken, { detail: taken, van: [taken] })), {
    kind: "duplicate_van",
    message: taken,
  });
});

Deno.test("the words never decide: a 404 saying 'No free vans!' without the code is a row gone", () => {
  assert.deepEqual(refusalOf(failed(404, COMMON.notFound, { detail: "No free vans!" })), {
    kind: "row_gone",
  });
  assert.deepEqual(
    refusalOf(failed(400, COMMON.invalidInput, { detail: "Van 104 is already assigned to X today." })),
    {
      kind: "message",
      message: "Van 104 is already assigned to X today.",
    },
  );
});

Deno.test("the rest: row gone, offline, the server's words for 400/403, the generic catalogue otherwise", () => {
  assert.deepEqual(refusalOf(failed(404, COMMON.notFound, { detail: "Not found." })), { kind: "row_gone" });
  assert.deepEqual(refusalOf({ status: 0, code: "", body: { detail: "network" } }), { kind: "offline" });
  assert.deepEqual(refusalOf(failed(403, TRACKER.rowLocked, { detail: "This row is locked: ..." })), {
    kind: "message",
    message: "This row is locked: ...",
  });
  assert.deepEqual(refusalOf(failed(500, COMMON.internal, { detail: "Internal server error!" })), {
    kind: "other",
  });
  assert.deepEqual(
    refusalOf(failed(409, TRACKER.conflict, { detail: "changed" })),
    { kind: "other" },
    "no row, no refresh",
  );
});

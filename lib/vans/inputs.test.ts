import assert from "node:assert/strict";
import { bulkStatusInput, REASON_REQUIRED, vanExportQuery, vanListQuery, vanPatchInput } from "./inputs.ts";

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

Deno.test("list query: defaults, filters, ordering whitelist, page sizes", () => {
  assert.deepEqual(vanListQuery.parse({}), { page: 1, page_size: 10, ordering: "-id" });
  const q = vanListQuery.parse({
    page: "3",
    page_size: "25",
    station: "2",
    status: "2",
    plate_number: " ab ",
    van_number: "",
    ordering: "plate_number",
  });
  assert.deepEqual(q, {
    page: 3,
    page_size: 25,
    station: 2,
    status: 2,
    plate_number: "ab",
    van_number: undefined,
    ordering: "plate_number",
  });
  assert.equal(vanListQuery.parse({ station: "", status: "" }).station, undefined);
  assert.equal(vanListQuery.safeParse({ ordering: "password" }).success, false);
  assert.equal(vanListQuery.safeParse({ ordering: "-last_status_change" }).success, true);
  assert.equal(vanListQuery.safeParse({ page_size: "7" }).success, false);
  assert.equal(vanListQuery.safeParse({ status: "4" }).success, false);
  assert.equal(vanListQuery.safeParse({ station: "x" }).success, false);
});

Deno.test("export query: csv or xlsx (default), with the list's filters", () => {
  assert.equal(vanExportQuery.parse({}).format, "xlsx");
  assert.equal(vanExportQuery.parse({ format: "csv", status: "1" }).status, 1);
  assert.equal(vanExportQuery.safeParse({ format: "pdf" }).success, false);
});

Deno.test("bulk: ids required, status 1-3, status 2 needs a reason 0-3 (named), ids de-duplicated", () => {
  assert.deepEqual(bulkStatusInput.parse({ id_list: [3, 3, 4], status: 1 }), { id_list: [3, 4], status: 1 });
  assert.equal(
    bulkStatusInput.parse({ id_list: [1], status: 2, status_change_reason: 0 }).status_change_reason,
    0,
  );
  const noReason = bulkStatusInput.safeParse({ id_list: [1], status: 2 });
  assert.equal(issues(noReason).status_change_reason, REASON_REQUIRED);
  assert.match(REASON_REQUIRED, /0 Regular maintenance, 1 Accident fixing, 2 Malfunction, 3 Other/);
  assert.ok(
    issues(bulkStatusInput.safeParse({ id_list: [1], status: 2, status_change_reason: 4 }))
      .status_change_reason,
  );
  assert.ok(issues(bulkStatusInput.safeParse({ id_list: [1], status: 4 })).status);
  assert.ok(issues(bulkStatusInput.safeParse({ id_list: [], status: 1 })).id_list);
  assert.ok(issues(bulkStatusInput.safeParse({ status: 1 })).id_list);
  assert.equal(
    bulkStatusInput.safeParse({ id_list: [1], status: 1, station: 2 }).success,
    false,
    "unknown keys refused",
  );
});

Deno.test("patch: partial fields, reason rule, empty body refused, pick-up date ISO or null", () => {
  assert.deepEqual(vanPatchInput.parse({ station: 2 }), { station: 2 });
  assert.deepEqual(vanPatchInput.parse({ status_change_reason: 1 }), { status_change_reason: 1 });
  assert.deepEqual(vanPatchInput.parse({ pick_up_date: "" }), { pick_up_date: null });
  assert.deepEqual(vanPatchInput.parse({ pick_up_date: "2026-03-01" }), { pick_up_date: "2026-03-01" });
  assert.ok(issues(vanPatchInput.safeParse({ pick_up_date: "01-03-2026" })).pick_up_date);
  assert.ok(issues(vanPatchInput.safeParse({ pick_up_date: "2026-02-30" })).pick_up_date);
  assert.equal(issues(vanPatchInput.safeParse({ status: 2 })).status_change_reason, REASON_REQUIRED);
  assert.equal(vanPatchInput.safeParse({}).success, false);
  assert.equal(vanPatchInput.safeParse({ number: "X" }).success, false);
});

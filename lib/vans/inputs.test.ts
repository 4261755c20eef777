import assert from "node:assert/strict";
import {
  bulkStatusInput,
  fleetSizePatch,
  REASON_REQUIRED,
  vanExportQuery,
  vanGroupPatch,
  vanListQuery,
  vanPatchInput,
  vanSetupInput,
  vanSetupPatch,
} from "./inputs.ts";

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

// Setup forms --------------------------------------------------------------------------------------------------
const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

Deno.test("setup van: rate in dollars to cents, VIN 17 of A-HJ-NPR-Z0-9 or empty, ownership 1 or 2, station required", () => {
  const ok = vanSetupInput.parse({
    number: "101",
    station: 1,
    ownership: 2,
    monthly_rate: "1250.00",
    vin: "",
  });
  assert.equal(ok.monthly_rate, 125_000);
  assert.equal(ok.vin, "");
  assert.equal(ok.company, "");
  assert.equal(ok.fleet_size, null);
  assert.equal(
    vanSetupInput.parse({ number: "1", station: 1, ownership: 1, monthly_rate: 99.5 }).monthly_rate,
    9950,
  );
  assert.equal(
    vanSetupInput.parse({ number: "1", station: 1, ownership: 1, monthly_rate: null }).monthly_rate,
    null,
  );
  const e = first(
    vanSetupInput.safeParse({ number: "", vin: "1FTBW2CM5PKQ1234", ownership: 3, monthly_rate: "ten" }),
  );
  assert.equal(e.number, "Required");
  assert.match(e.vin, /17 letters and digits/);
  assert.match(e.ownership, /1 rental or 2 owned/);
  assert.match(e.monthly_rate, /an amount like 1250.00/);
  assert.equal(e.station, "Required");
  for (const vin of ["1FTBW2CM5PKO12345", "1FTBW2CM5PKI12345", "1FTBW2CM5PKQ12345"]) {
    assert.equal(vanSetupInput.safeParse({ number: "1", station: 1, ownership: 1, vin }).success, false, vin);
  }
});

Deno.test("setup patches change only what they name", () => {
  assert.deepEqual(vanSetupPatch.parse({}), {});
  assert.deepEqual(vanSetupPatch.parse({ monthly_rate: "" }), { monthly_rate: null });
  assert.deepEqual(vanGroupPatch.parse({ supervisor: null }), { supervisor: null });
  assert.equal(
    fleetSizePatch.safeParse({ id: 9, title: "X" }).success,
    false,
    "a fleet size's id never changes",
  );
  assert.equal(
    vanSetupPatch.safeParse({ status: 2 }).success,
    false,
    "the status belongs to the fleet-status register",
  );
});

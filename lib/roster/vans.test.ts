import assert from "node:assert/strict";
import { and, asc, eq } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { vans } from "../org/schema.ts";
import { parseSpreadsheet } from "./parse.ts";
import { planVans } from "./vans.ts";

const h = await testPglite({ demo: true });
globalThis.addEventListener("unload", () => void h.close());
const db = h.db;

const HEAD = "Number,Plate,VIN,Size,Van Group,Station,Ownership,Monthly Rate,Company,Model,Status";
const plan = async (csv: string, stationIds = [1, 2, 3]) =>
  planVans(db, { stationIds }, await parseSpreadsheet(new TextEncoder().encode(csv), "vans.csv"), "vans.csv");

async function vanAt(stationId: number, status = 1) {
  const [v] = await db.select().from(vans).where(and(eq(vans.stationId, stationId), eq(vans.status, status)))
    .orderBy(asc(vans.id)).limit(1);
  return v;
}

Deno.test("a new van: size by title or id, group by name, rate in cents, ownership and status by name", async () => {
  const p = await plan(
    `${HEAD}\n901,abc1234,1ftbr1c80pka00001,cargo van,Team Alpha,DON9,Rental,"$1,195.50",Ford,Transit 250,Available\n902,,,6,,HYZ1,2,,,,\n`,
  );
  assert.deepEqual(p.reject, []);
  const [a, b] = p.create;
  assert.equal(a.key, "901");
  assert.equal(a.station, "DON9");
  assert.deepEqual(
    [
      a.values.plateNumber,
      a.values.vin,
      a.values.fleetSizeId,
      a.values.ownership,
      a.values.monthlyRateCents,
      a.values.status,
    ],
    ["ABC1234", "1FTBR1C80PKA00001", 1, 1, 119_550, 1],
  );
  assert.ok(a.values.vanGroupId);
  assert.deepEqual([b.values.fleetSizeId, b.values.ownership, b.values.stationId, b.values.plateNumber], [
    6,
    2,
    2,
    "",
  ]);
});

Deno.test("an existing van: changes listed with readable values; identical rows unchanged; status 2 needs a reason", async () => {
  const v = await vanAt(1);
  const p = await plan(`${HEAD},Reason
${v.number},,,,,HYZ1,,1300,,,Out of Service,Accident fixing
${v.number.toLowerCase()}x,,,,,,,,,,,
`);
  assert.deepEqual(p.reject.map((r) => [r.row, r.column, r.reason]), [[
    3,
    "Station",
    "Required for a new van",
  ]]);
  const u = p.update[0];
  assert.equal(u.id, v.id);
  assert.deepEqual(u.changes.map((c) => [c.column, c.to]), [
    ["Station", "HYZ1"],
    ["Monthly Rate", "1300.00"],
    ["Status", "Out of Service"],
    ["Reason", "Accident fixing"],
  ]);
  assert.equal(u.statusChanged, true);

  const same = await plan(
    `${HEAD}\n${v.number},${v.plateNumber},${v.vin},${v.fleetSizeId},,DON9,,,${v.company},${v.model},Available\n`,
  );
  assert.equal(same.unchanged, 1);
  assert.deepEqual([same.create.length, same.update.length, same.reject.length], [0, 0, 0]);

  const noReason = await plan(`${HEAD}\n${v.number},,,,,,,,,,2\n`);
  assert.match(noReason.reject[0].reason, /^Required for Out of Service \(2\): use 0 Regular maintenance/);
  const oos = await vanAt(1, 2);
  const kept = await plan(`${HEAD}\n${oos.number},,,,,,,,,,Out of Service\n`);
  assert.equal(kept.unchanged, 1, "an Out of Service van keeps its reason");
  const back = await plan(`${HEAD}\n${oos.number},,,,,,,,,,Available\n`);
  assert.deepEqual(back.update[0].changes.map((c) => c.column), ["Status", "Out of Service Reason"]);
  assert.equal(back.update[0].values.statusChangeReason, null);
});

Deno.test("van rules: other stations, duplicates, unknown size / group, bad VIN and rate, a reason without status 2", async () => {
  const v3 = await vanAt(3);
  const p = await plan(
    `${HEAD},Reason
${v3.number},,,,,,,,,,,
950,,,,,DON9,,,,,,
950,,,,,DON9,,,,,,
951,,,Spaceship,Team Nowhere,DON9,Leased,-12,,,Gone,
952,,SHORTVIN,,,DON9,,12.345,,,,Malfunction
`,
    [1, 2],
  );
  const by = (row: number) => p.reject.filter((r) => r.row === row).map((r) => `${r.column}: ${r.reason}`);
  assert.deepEqual(by(2), [`Number: Van ${v3.number} belongs to a station you do not have`]);
  assert.deepEqual(by(4), ["Number: Van 950 is repeated: first on row 3"]);
  assert.deepEqual(by(5), [
    "Size: Unknown fleet size 'Spaceship': use Cargo Van, Large Van, Cube Van, Electric (EDV), Cargo Van (Rental), Medium Van",
    "Van Group: Van group 'Team Nowhere' does not exist: add it under Reference data first",
    "Ownership: Unknown value 'Leased': use 1 Rental, 2 Owned",
    "Monthly Rate: Not an amount in dollars (-12): write e.g. 1195.00",
    "Status: Unknown value 'Gone': use 1 Available, 2 Out of Service, 3 Off Boarded",
  ]);
  assert.deepEqual(by(6), [
    "VIN: Not a VIN (SHORTVIN): 17 letters and digits, without I, O or Q",
    "Monthly Rate: Not an amount in dollars (12.345): write e.g. 1195.00",
  ]);
  const p2 = await plan(`${HEAD},Reason\n953,,,,,DON9,,,,,Available,Malfunction\n`);
  assert.deepEqual(p2.reject.map((r) => `${r.column}: ${r.reason}`), [
    "Reason: Only an Out of Service (2) van has a reason",
  ]);
});

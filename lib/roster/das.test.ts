import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { stationSpots, users } from "../org/schema.ts";
import { DomainError } from "../errors.ts";
import { ROSTER } from "./errors.ts";
import { parseSpreadsheet } from "./parse.ts";
import { planDas } from "./das.ts";

const h = await testPglite({ demo: true });
globalThis.addEventListener("unload", () => void h.close());
const db = h.db;

const HEAD =
  "First Name,Last Name,Email,Phone,Transporter ID,Badge,Driver License,License Expiry,Station,Agency,Status";
const sheet = (csv: string) => parseSpreadsheet(new TextEncoder().encode(csv), "roster.csv");
const plan = async (csv: string, stationIds = [1, 2, 3]) =>
  planDas(db, { stationIds }, await sheet(csv), "roster.csv");

/** A DA of the demo at this station, with its current values. */
async function daAt(stationId: number, offset = 0) {
  const [row] = await db.select({
    id: users.id,
    tid: users.transporterId,
    email: users.email,
    status: users.status,
    first: users.firstName,
    last: users.lastName,
    agencyId: stationSpots.agencyId,
  })
    .from(users).innerJoin(stationSpots, eq(stationSpots.userId, users.id))
    .where(and(eq(users.role, 5), eq(stationSpots.stationId, stationId))).orderBy(users.id).limit(1).offset(
      offset,
    );
  return { ...row, tid: row.tid! };
}

Deno.test("a new DA is planned for creation with its station, agency and default status Active", async () => {
  const p = await plan(
    `${HEAD}\nJane,Example,Jane.Example@Example.com,(206) 555-0100,a2example00001,40112,WDL1,31-12-2027,DON9,direct hire,\n`,
  );
  assert.deepEqual(p.reject, []);
  assert.equal(p.create.length, 1);
  const c = p.create[0];
  assert.equal(c.row, 2);
  assert.equal(c.key, "A2EXAMPLE00001", "transporter ids are upper-cased");
  assert.equal(c.station, "DON9");
  assert.equal(c.values.email, "jane.example@example.com");
  assert.equal(c.values.driverLicenseExpiry, "2027-12-31");
  assert.equal(c.values.status, 1);
  assert.equal(c.values.stationId, 1);
  assert.ok(c.values.agencyId);
});

Deno.test("an existing DA: blank cells keep values, given ones change, an identical row is unchanged", async () => {
  const da = await daAt(1);
  const other = await daAt(1, 1);
  const p = await plan(`${HEAD}
,,,,${da.tid},,,,,,Inactive
${other.first},${other.last},${other.email},,${other.tid},,,,DON9,,
`);
  assert.deepEqual(p.reject, []);
  assert.equal(p.create.length, 0);
  assert.equal(p.unchanged, 1);
  assert.equal(p.update.length, da.status === 6 ? 0 : 1);
  const u = p.update[0];
  assert.equal(u.id, da.id);
  assert.deepEqual(u.changes.map((c) => c.column), ["Status"]);
  assert.equal(u.changes[0].to, "Inactive");
  assert.equal(u.statusChanged, true);
  assert.equal(u.values.firstName, da.first, "a blank name keeps the name");
  assert.equal(u.values.spot, undefined, "no spot change");
});

Deno.test("moving a DA to another of the viewer's stations moves its spot; a new agency is a change", async () => {
  const da = await daAt(1);
  const p = await plan(`${HEAD}\n,,,,${da.tid},,,,HYZ1,Summit Staffing,\n`);
  const u = p.update[0];
  assert.ok(u.values.spot && u.values.spot.id !== null && u.values.spot.stationId === 2);
  assert.deepEqual(u.changes.find((c) => c.column === "Station"), {
    column: "Station",
    from: "DON9",
    to: "HYZ1",
  });
});

Deno.test("every rule names the row and the column", async () => {
  const d1 = await daAt(1), d3 = await daAt(3);
  await db.update(users).set({ transporterId: "ASTAFF0000001X" }).where(
    eq(users.email, "supervisor@example.com"),
  );
  const p = await plan(
    `${HEAD}
Ann,One,ann@example.com,,AONE000000001,,,,DON9,Direct Hire,Active
Ann,Again,ann2@example.com,,AONE000000001,,,,DON9,Direct Hire,
Bea,Two,ann@example.com,,ATWO000000001,,,,DON9,Direct Hire,
Cy,Three,dispatcher@example.com,,ATHREE0000001,,,,DON9,,
Di,Four,di@example.com,,AFOUR00000001,,,,DON9,Nobody Staffing,
Ed,Five,ed@example.com,,AFIVE00000001,,,,DTO3,,
Fay,Six,fay@example.com,,ASIX000000001,,,,XXX9,,
,,,,${d3.tid},,,,,,Inactive
Gus,Seven,gus@example.com,,ASTAFF0000001X,,,,DON9,,
,,,,ANEW000000001,,,,,,
Hal,Eight,hal@example.com,,BAD,,,2027-02-30,DON9,Ghost Agency,Retired
,,${d1.email.toUpperCase()},,${d1.tid},,,,,,
`,
    [1, 2],
  );
  const by = (row: number) => p.reject.filter((r) => r.row === row).map((r) => `${r.column}: ${r.reason}`);
  assert.deepEqual(by(3), ["Transporter ID: Transporter ID AONE000000001 is repeated: first on row 2"]);
  assert.deepEqual(by(4), ["Email: ann@example.com is repeated: first on row 2"]);
  assert.deepEqual(by(5), ["Email: dispatcher@example.com is used by another user"]);
  assert.deepEqual(by(6), [
    "Agency: Agency 'Nobody Staffing' does not exist: add it under Reference data first",
  ]);
  assert.deepEqual(by(7), ["Station: Station DTO3 is not one of your stations (DON9, HYZ1)"]);
  assert.deepEqual(by(8), ["Station: Unknown station 'XXX9': use one of your stations (DON9, HYZ1)"]);
  assert.deepEqual(by(9), [`Transporter ID: DA ${d3.tid} belongs to a station you do not have`]);
  assert.deepEqual(by(10), [
    "Transporter ID: Transporter ID ASTAFF0000001X belongs to a Supervisor account, not a DA",
  ]);
  assert.deepEqual(by(11), [
    "First Name: Required for a new DA",
    "Last Name: Required for a new DA",
    "Email: Required for a new DA",
    "Station: Required for a new DA",
  ]);
  // A row with several problems lists all of them, in column order.
  assert.deepEqual(by(12), [
    "Transporter ID: Not a transporter id (BAD): 'A' and 12 or 13 letters or digits",
    "License Expiry: Not a date (2027-02-30): use YYYY-MM-DD or DD-MM-YYYY",
    "Agency: Agency 'Ghost Agency' does not exist: add it under Reference data first",
    "Status: Unknown value 'Retired': use 1 Active, 2 Rehired, 3 Blacklisted, 5 Off Boarded, 6 Inactive",
  ]);
  assert.deepEqual(by(13), [], "a DA's own e-mail (any case) is not 'another user's'");
  assert.deepEqual(p.create.map((c) => c.row), [2]);
  assert.equal(p.unchanged, 1);
  await db.update(users).set({ transporterId: null }).where(eq(users.email, "supervisor@example.com"));
});

Deno.test("headers: aliases and any case are read; unknown ones are listed; a missing key column is a 400", async () => {
  const p = await plan(
    "first name,LAST NAME,E-mail,Transporter Id,Driver Licence,station,Shoe Size\nJo,Lee,jo@example.com,AJOLEE0000001,D1,DON9,44\n",
  );
  assert.deepEqual(p.reject, []);
  assert.equal(p.create[0].values.driverLicense, "D1");
  assert.deepEqual(p.ignoredColumns, ["Shoe Size"]);
  try {
    await plan("First Name,Email\nJo,jo@example.com\n");
    assert.fail("expected a 400");
  } catch (e) {
    assert.ok(e instanceof DomainError);
    assert.equal(e.code, ROSTER.badFile);
    assert.equal(
      e.message,
      "roster.csv: row 1: the column 'Transporter ID' is missing (found: First Name, Email). Download the template to see the expected columns.",
    );
  }
});

Deno.test("planning reads only", async () => {
  const before = await db.execute(
    sql`select (select count(*) from users) + (select count(*) from station_spots) as n`,
  );
  await plan(`${HEAD}\nJane,Example,jane@example.com,,AREADONLY0001,,,,DON9,,\n`);
  const after = await db.execute(
    sql`select (select count(*) from users) + (select count(*) from station_spots) as n`,
  );
  assert.deepEqual(after.rows, before.rows);
});

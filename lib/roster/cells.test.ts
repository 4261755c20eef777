import assert from "node:assert/strict";
import { z } from "zod";
import { cellCents, cellDate, centsCell, choice, emailCell, excelSerialToIso, phoneCell } from "./cells.ts";
import { DA_STATUSES } from "../das/inputs.ts";

Deno.test("dates: YYYY-MM-DD, DD-MM-YYYY, real Excel dates and serials; nonsense is refused", () => {
  assert.deepEqual(cellDate("2027-03-31"), { ok: true, value: "2027-03-31" });
  assert.deepEqual(cellDate("31-03-2027"), { ok: true, value: "2027-03-31" });
  assert.deepEqual(cellDate("1-3-2027"), { ok: true, value: "2027-03-01" });
  assert.deepEqual(cellDate(new Date(Date.UTC(2027, 2, 31, 23, 59, 59, 999))), {
    ok: true,
    value: "2027-04-01",
  });
  assert.deepEqual(cellDate(new Date(Date.UTC(2027, 2, 31, 0, 0, 0, 2))), { ok: true, value: "2027-03-31" });
  assert.deepEqual(cellDate(46477), { ok: true, value: "2027-03-31" });
  assert.deepEqual(cellDate(null), { ok: true, value: null });
  assert.deepEqual(cellDate("-"), { ok: true, value: null });
  for (const bad of ["31/03/2027", "03-31-2027", "2027-02-30", "tomorrow", "31-03-27"]) {
    assert.deepEqual(cellDate(bad), { ok: false }, bad);
  }
  assert.equal(excelSerialToIso(1), "1900-01-01");
  assert.equal(excelSerialToIso(61), "1900-03-01");
  assert.equal(excelSerialToIso(60), null, "Excel's 29-02-1900 does not exist");
});

Deno.test("money cells: decimal dollars to integer cents (the rule itself: lib/money.test.ts)", () => {
  assert.equal(cellCents("1195.00"), 119_500);
  assert.equal(cellCents("$1,195.5"), 119_550);
  assert.equal(cellCents("$ 2150"), 215_000);
  assert.equal(cellCents(1195.505), 119_551);
  assert.equal(cellCents(""), null);
  assert.equal(cellCents("N/A"), null);
  assert.ok(Number.isNaN(cellCents("12.345")));
  assert.ok(Number.isNaN(cellCents("1.195,00")));
  assert.equal(centsCell().safeParse("-5").success, false);
  assert.equal(centsCell().safeParse(-5).success, false);
});

Deno.test("choices by number or by loosely written name", () => {
  assert.equal(choice("Off Boarded", DA_STATUSES), 5);
  assert.equal(choice("offboarded", DA_STATUSES), 5);
  assert.equal(choice("6", DA_STATUSES), 6);
  assert.equal(choice(2, DA_STATUSES), 2);
  assert.equal(choice("4", DA_STATUSES), undefined);
  assert.equal(choice("Retired", DA_STATUSES), undefined);
  assert.equal(choice(null, DA_STATUSES), null);
});

Deno.test("e-mail is lower-cased (mailto: dropped); phones become E.164 in the default country (US)", () => {
  const email = z.object({ e: emailCell() });
  assert.deepEqual(email.parse({ e: "Jane.Doe@Example.com" }), { e: "jane.doe@example.com" });
  assert.deepEqual(email.parse({ e: "mailto:a@b.co" }), { e: "a@b.co" });
  assert.equal(
    email.safeParse({ e: "not-an-email" }).error?.issues[0].message,
    "Not a valid e-mail address: not-an-email",
  );
  const phone = z.object({ p: phoneCell() });
  assert.deepEqual(phone.parse({ p: "(206) 555-0100" }), { p: "+12065550100" });
  assert.deepEqual(phone.parse({ p: 12065550100 }), { p: "+12065550100" });
  assert.deepEqual(phone.parse({ p: "+44 20 7946 0958" }), { p: "+442079460958" });
  assert.equal(phone.safeParse({ p: "555" }).success, false);
  assert.equal(phone.safeParse({ p: "call me" }).success, false);
});

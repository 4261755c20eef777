import assert from "node:assert/strict";
import { makeDas } from "../dev/amazon/mutate.ts";
import { gridToXlsx } from "../dev/amazon/reliability-xlsx.ts";
import { makeWhc, WHC_HEADER, whcFileName, whcGrid } from "../dev/amazon/whc.ts";
import { parseWhc } from "./whc.ts";

const das = makeDas(150, 77);
const base = { station: "DON9", week: 2, year: 2026, das, seed: 12 };
const fatalOf = (r: { problems: { fatal?: boolean; message: string }[] }) =>
  r.problems.filter((p) => p.fatal).map((p) => p.message).join(" | ");

Deno.test("whc: one sheet per week, counts and Yes/No flags, over a year's turn", async () => {
  for (const variant of ["counts", "flags"] as const) {
    const f = await makeWhc({ ...base, variant, weeks: 3 });
    const r = await parseWhc(f.bytes, f.fileName);
    assert.ok(r.ok, fatalOf(r));
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.identity, {
      kind: "whc-xlsx",
      station: "DON9",
      week: { year: 2026, week: 2 },
      dsp: "ACME",
    });
    assert.deepEqual(r.weeks, [{ year: 2025, week: 52 }, { year: 2026, week: 1 }, { year: 2026, week: 2 }]);
    assert.deepEqual([...new Set(r.rows.map((x) => x.week))], ["2025-W52", "2026-W01", "2026-W02"]);
    assert.ok(r.rows.length > 20);
    for (const row of r.rows) {
      assert.match(row.transporterId, /^A[A-Z0-9]{12,13}$/);
      const n = [
        row.dailyLimitExceeded,
        row.weeklyLimitExceeded,
        row.underOffWorkLimit,
        row.workDayLimitExceeded,
      ];
      assert.ok(n.some((x) => x! > 0));
      assert.ok(row.whException! >= 1);
      if (variant === "flags") assert.ok(n.every((x) => x === 0 || x === 1));
    }
  }
});

Deno.test("whc: the name's week must be one of the sheets; a renamed file takes the newest sheet", async () => {
  const f = await makeWhc({ ...base, weeks: 2 });
  const wrong = await parseWhc(f.bytes, whcFileName({ ...base, week: 5 }));
  assert.match(fatalOf(wrong), /file name says week 2026-W05 but the sheets are 2026-W01, 2026-W02/);
  assert.deepEqual(wrong.rows, []);
  const renamed = await parseWhc(f.bytes, "WHC_ACME_DON9.xlsx");
  assert.ok(renamed.ok, fatalOf(renamed));
  assert.deepEqual(renamed.identity.week, { year: 2026, week: 2 });
});

Deno.test("whc: a sheet without its week or a week twice is fatal; a missing count reads empty", async () => {
  const grid = whcGrid(base);
  const noWeek = await parseWhc(await gridToXlsx([{ name: "Sheet1", grid }]), whcFileName(base));
  assert.match(fatalOf(noWeek), /sheet 'Sheet1': its week is not in the sheet's name/);
  const titled = await parseWhc(
    await gridToXlsx([{ name: "Sheet1", grid: [["Week 2 - 2026"], ...grid] }]),
    whcFileName(base),
  );
  assert.ok(titled.ok, fatalOf(titled));
  const cut = grid.map((r) => r.filter((_, i) => WHC_HEADER[i] !== "Under off-work limit"));
  const missing = await parseWhc(await gridToXlsx([{ name: "2026-W02", grid: cut }]), whcFileName(base));
  assert.ok(missing.ok, fatalOf(missing));
  assert.ok(missing.rows.every((r) => r.underOffWorkLimit === null));
  assert.match(
    missing.problems[0].message,
    /sheet '2026-W02': the column 'Under off-work limit' is not in this file/,
  );
  assert.deepEqual([missing.problems[0].page, missing.problems[0].columns], [1, ["Under off-work limit"]]);
  const twice = await parseWhc(
    await gridToXlsx([{ name: "2026-W02", grid }, { name: "Week 2 - 2026", grid }]),
    whcFileName(base),
  );
  assert.match(fatalOf(twice), /sheets '2026-W02' and 'Week 2 - 2026' are both week 2026-W02/);
});

Deno.test("whc: a bad cell skips its row naming sheet, row and column; an empty week is fine", async () => {
  const grid = whcGrid(base);
  grid[2][4] = "lots";
  const r = await parseWhc(
    await gridToXlsx([{ name: "2026-W01", grid: [WHC_HEADER] }, { name: "2026-W02", grid }]),
    whcFileName(base),
  );
  assert.ok(r.ok, fatalOf(r));
  assert.equal(r.problems.length, 1);
  assert.deepEqual([r.problems[0].page, r.problems[0].row, r.problems[0].column], [
    2,
    3,
    "Weekly limit exceeded",
  ]);
  assert.match(
    r.problems[0].message,
    /^sheet '2026-W02': 'lots' is not a whole number; the row was skipped\.$/,
  );
  assert.equal(r.rows.length, grid.length - 2);
  assert.deepEqual(r.weeks.length, 2);
});

Deno.test("whc: damaged and non-workbook files are fatal, never thrown", async () => {
  const f = await makeWhc(base);
  const flipped = f.bytes.slice();
  for (let i = 100; i < flipped.length; i += 97) flipped[i] ^= 0xff;
  for (
    const bytes of [f.bytes.slice(0, 200), flipped, new TextEncoder().encode("TID,x\n"), new Uint8Array()]
  ) {
    const r = await parseWhc(bytes, f.fileName);
    assert.equal(r.ok, false);
    assert.ok(r.problems.some((p) => p.fatal));
  }
});

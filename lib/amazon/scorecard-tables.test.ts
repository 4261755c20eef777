import assert from "node:assert/strict";
import type { PdfDoc, PdfItem } from "./pdf-text.ts";
import { daTable, whcTable } from "./scorecard-tables.ts";
import type { Problem } from "./types.ts";

const it = (str: string, x: number, y: number, w = str.length * 5): PdfItem => ({ str, x, y, w });
const TID1 = "A11QQXKOJRNZUJ", TID2 = "A2BCDEFGHJKLM";

/** A row of cells centred at the given x positions. */
const line = (cells: string[], xs: number[], y: number) =>
  cells.map((c, i) => it(c, xs[i] - c.length * 2.5, y)).filter((i) => i.str !== "");

function doc(...pages: PdfItem[][]): PdfDoc {
  return { pageCount: pages.length, pages: pages.map((items, i) => ({ number: i + 1, items })) };
}

Deno.test("daTable: the EU 3.0 layout, cells read by type, blanks and N/A as null", () => {
  const xs = [40, 110, 180, 230, 280, 330, 380, 430, 470, 510, 560];
  const d = doc([
    it("DSP WEEKLY SUMMARY", 40, 40),
    ...line(
      ["No.", "Transporter ID", "Delivered", "DCR", "DSC", "LoR", "POD", "CC", "CE", "CDF", "PSB"],
      xs,
      70,
    ),
    ...line(["", "", "", "", "DPMO", "DPMO", "", "", "", "DPMO", ""], xs, 79),
    ...line(["1", TID1, "320", "99.38%", "3125", "0", "100.00%", "100.00%", "0", "3125", ""], xs, 95),
    ...line(["2", TID2, "1,024", "100%", "0", "0", "N/A", "-", "1", "0", "97.5%"], xs, 109),
  ]);
  const problems: Problem[] = [];
  const t = daTable(d, 1, "f.pdf", problems);
  assert.deepEqual(problems, []);
  assert.deepEqual(t.layout, "eu3");
  assert.deepEqual(t.rows, [
    {
      page: 1,
      row: 1,
      no: 1,
      transporterId: TID1,
      delivered: 320,
      dcr: 99.38,
      dnrDpmo: null,
      dscDpmo: 3125,
      lorDpmo: 0,
      pod: 100,
      cc: 100,
      ce: 0,
      dex: null,
      cdf: null,
      cdfDpmo: 3125,
      psb: null,
    },
    {
      page: 1,
      row: 2,
      no: 2,
      transporterId: TID2,
      delivered: 1024,
      dcr: 100,
      dnrDpmo: null,
      dscDpmo: 0,
      lorDpmo: 0,
      pod: null,
      cc: null,
      ce: 1,
      dex: null,
      cdf: null,
      cdfDpmo: 0,
      psb: 97.5,
    },
  ]);
});

Deno.test("daTable: early layout; unknown columns are named and ignored; lower-case IDs are upper-cased", () => {
  const xs = [60, 130, 180, 230, 280, 330, 380, 430, 480];
  const d = doc([
    ...line(["Transporter ID", "Delivered", "DCR", "DNR DPMO", "POD", "CC", "CE", "DEX", "Bonus"], xs, 70),
    ...line([TID1.toLowerCase(), "200", "98%", "0", "99%", "97%", "0", "91.5%", "yes"], xs, 90),
  ]);
  const problems: Problem[] = [];
  const t = daTable(d, 1, "f.pdf", problems);
  assert.deepEqual(t.layout, "early");
  assert.deepEqual([t.rows[0].transporterId, t.rows[0].dex, t.rows[0].dnrDpmo], [TID1, 91.5, 0]);
  assert.deepEqual(problems.map((p) => [p.fatal ?? false, p.message]), [
    [false, "the DA table has column 'Bonus' that this import does not know; ignored."],
  ]);
});

Deno.test("daTable: a table without a transporter column is fatal", () => {
  const xs = [60, 130, 180];
  const d = doc([
    ...line(["Transporter", "Delivered", "DCR"], xs, 70),
    ...line([TID1, "200", "98%"], xs, 90),
  ]);
  const problems: Problem[] = [];
  assert.deepEqual(daTable(d, 1, "f.pdf", problems).rows.length, 1); // 'Transporter' alone is a known name
  const d2 = doc([
    ...line(["TIDx", "Delivered transporter", "DCR"], xs, 70),
    ...line([TID1, "200", "98%"], xs, 90),
  ]);
  const p2: Problem[] = [];
  daTable(d2, 1, "f.pdf", p2);
  assert(
    p2.some((p) => p.fatal && p.message === "the DA table on page 1 has no 'Transporter ID' column."),
    JSON.stringify(p2),
  );
});

Deno.test("whcTable: wrapped headers, flags as 1/0 (x, Y, No), continued on the next page", () => {
  const xs = [40, 110, 190, 260, 330, 410, 480];
  const d = doc(
    [
      it("Drivers With Working Hour Exceptions", 40, 300),
      ...line(["", "", "Daily limit", "Weekly limit", "Under off-", "Work-day limit", "WH"], xs, 326),
      ...line(["#", "TID", "exceeded", "exceeded", "work limit", "exceeded", "exception"], xs, 335),
      ...line(["1", TID1, "x", "0", "No", "Y", "2"], xs, 352),
    ],
    [...line(["2", TID2, "1", "1", "0", "0", "2"], xs, 60), it("Page 7 of 7", 500, 770)],
  );
  const problems: Problem[] = [];
  assert.deepEqual(whcTable(d, 1, "f.pdf", problems), [
    {
      page: 1,
      row: 1,
      transporterId: TID1,
      dailyLimitExceeded: 1,
      weeklyLimitExceeded: 0,
      underOffWorkLimit: 0,
      workDayLimitExceeded: 1,
      whException: 2,
    },
    {
      page: 2,
      row: 1,
      transporterId: TID2,
      dailyLimitExceeded: 1,
      weeklyLimitExceeded: 1,
      underOffWorkLimit: 0,
      workDayLimitExceeded: 0,
      whException: 2,
    },
  ]);
  assert.deepEqual(problems, []);
  assert.deepEqual(whcTable(doc([it("nothing", 40, 40)]), 1, "f.pdf", problems), []);
});

Deno.test("whcTable: a title alone means no exceptions; rows without a header row are fatal", () => {
  const problems: Problem[] = [];
  const alone = doc([
    it("Drivers With Working Hour Exceptions", 40, 300),
    it("No exceptions this week", 40, 330),
  ]);
  assert.deepEqual(whcTable(alone, 1, "f.pdf", problems), []);
  assert.deepEqual(problems, []);
  const headless = doc([
    it("Drivers With Working Hour Exceptions", 40, 300),
    ...line(["1", TID1, "1", "0"], [40, 110, 190, 260], 330),
  ]);
  const p2: Problem[] = [];
  assert.deepEqual(whcTable(headless, 1, "f.pdf", p2), []);
  assert.deepEqual(p2.map((p) => [p.fatal, p.page, p.message]), [
    [true, 1, "the 'Drivers With Working Hour Exceptions' table has rows but no header row."],
  ]);
});

import assert from "node:assert/strict";
import { ENGINES } from "../../tests/helpers/db.ts";
import { DomainError } from "../errors.ts";
import { FLEET_REPORT, type ImportProblem } from "./errors.ts";
import { importInvoices, planImport } from "./import.ts";
import { fleetReportRows } from "./queries.ts";
import { fleetReportFixture, NOVEMBER, NOW } from "./testing.ts";

const vans = {
  byNumber: new Map([["101", 1], ["v2", 2]]),
  byVin: new Map([["1FTBW3XM5HKA12345", 3]]),
};
const csv = (s: string) => s.trim().split("\n").map((l) => l.split(","));

Deno.test("a plan: van number or VIN, invoice; blank lines skipped", () => {
  const plan = planImport(csv("Van Number,Invoice\n101,1250.00\n\nV2,$1,000\n"), vans);
  // "$1,000" split at the comma here (a quoted cell in a real file): the plan reads '$1' only.
  assert.deepEqual(plan.problems, []);
  assert.deepEqual(plan.items, [{ vanId: 1, cents: 125_000 }, { vanId: 2, cents: 100 }]);
  const byVin = planImport(csv("VIN,Actual Invoice Rate\n1ftbw3xm5hka12345,99.9"), vans);
  assert.deepEqual(byVin.items, [{ vanId: 3, cents: 9990 }]);
});

Deno.test("every bad line is named by its number", () => {
  const plan = planImport(
    csv("van,invoice\n101,abc\n999,10\n,5\nV2,\nv2,7\n101,8\nV2,9"),
    vans,
  );
  const lines = (p: ImportProblem[]) => p.map((x) => `${x.line}: ${x.message}`);
  assert.deepEqual(lines(plan.problems), [
    "2: invoice 'abc' is not a number of dollars of 0 or more with at most 2 decimals, such as 1250 or 1250.50",
    "3: there is no van 999 at your stations",
    "4: no van number or VIN",
    "5: no invoice",
    "8: van V2 is on line 6 already",
  ]);
});

Deno.test("a header without the columns is refused on line 1, naming what it has", () => {
  const plan = planImport(csv("Truck,Amount\n101,5"), vans);
  assert.equal(plan.problems.length, 1);
  assert.equal(plan.problems[0].line, 1);
  assert.match(plan.problems[0].message, /'Van' \(or 'VIN'\) column .* it has 'Truck', 'Amount'/);
});

const enc = (s: string) => new TextEncoder().encode(s);
const code = (c: string) => (e: unknown) => e instanceof DomainError && e.code === c;

for (const engine of ENGINES) {
  Deno.test(`invoice import (${engine.name})`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await fleetReportFixture(db);
      const run = (text: string | Uint8Array, m: { year: number; month: number } = NOVEMBER) =>
        importInvoices(db, f.viewer, typeof text === "string" ? enc(text) : text, m, NOW);
      const invoices = async () =>
        Object.fromEntries(
          (await fleetReportRows(db, f.viewer.stationIds, { ...NOVEMBER })).map((r) => [r.van, r.invoice]),
        );

      await t.step("one bad line imports nothing and names every line", async () => {
        const text =
          `Van;Invoice\n${f.vans.a2.number};1000\n${f.vans.foreign.number};5\n${f.vans.b1.number};-4\n`;
        const e = await run(text).catch((x) => x) as DomainError;
        assert.equal(e.code, FLEET_REPORT.importInvalid);
        assert.deepEqual((e.data.problems as ImportProblem[]).map((p) => p.line), [3, 4]);
        assert.match(e.message, /^Nothing was imported: 2 lines are wrong \(line 3: there is no van/);
        assert.equal((await invoices())[f.vans.a2.number], null, "all or nothing");
      });

      await t.step("a good file creates and replaces in one go (quoted amounts, BOM, CRLF)", async () => {
        await run(`van,invoice\r\n${f.vans.a2.number},1\r\n`);
        const r = await run(
          `\uFEFFVan,Invoice\r\n${f.vans.a2.number},"$1,040.00"\r\n${f.vans.a10.number},1300\r\n` +
            `${f.vans.b1.number},0\r\n`,
        );
        assert.deepEqual(r, { month: 11, year: 2026, created: 2, updated: 1, rows: 3 });
        const now = await invoices();
        assert.equal(now[f.vans.a2.number], "1040.00");
        assert.equal(now[f.vans.a10.number], "1300.00");
        assert.equal(now[f.vans.b1.number], "0.00");
      });

      await t.step("empty, unreadable and future-month files are refused", async () => {
        await assert.rejects(() => run("van,invoice\n\n"), code(FLEET_REPORT.importEmpty));
        await assert.rejects(() => run(enc("PK\u0003\u0004binary")), code(FLEET_REPORT.importUnreadable));
        await assert.rejects(
          () => run(`van,invoice\n${f.vans.a2.number},1`, { year: 2026, month: 12 }),
          code(FLEET_REPORT.futureMonth),
        );
      });
    } finally {
      await h.close();
    }
  });
}

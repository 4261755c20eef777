// The shift reports board's API through the real app on the demo organisation, on PGlite and PostgreSQL:
// list with filters, Create New Shift with its date and duplicate rules, the duplicate look-up, the delete,
// and the board page itself, each rule holding for a client that calls the API without the page.
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { shiftRecords, shiftReports } from "../../lib/db/schema.ts";
import { day, userId } from "../integration/tracker-fixture.ts";
import { DATE_EXPIRED, DUPLICATE_SHIFT, SHIFT } from "../../lib/shifts/errors.ts";
import { COMMON } from "../../lib/errors.ts";
import type { BoardReportDto } from "../../lib/shifts/board/dto.ts";

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the shift reports board API`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const manager = await signedIn(app, "manager@example.com");
        const owner = await signedIn(app, "owner@example.com");
        const target = await day(db, 20);
        // The demo history may hold reports near today; this day is kept free for the test.
        await db.delete(shiftReports).where(eq(shiftReports.reportDate, target));
        let created = 0;

        await t.step("a visitor gets 401 on every board call and is sent from the page to /", async () => {
          const v = new Client(app.url);
          assert.equal((await v.fetch("/api/da-daily-report/")).status, 401);
          assert.equal((await v.json("/api/da-daily-report/", { method: "POST", json: {} })).status, 401);
          assert.equal(
            (await v.json("/api/is-shift-duplicate/", { method: "POST", json: { date: target } })).status,
            401,
          );
          const page = await v.fetch("/das-reports");
          assert.equal(page.status, 302);
          assert.equal(page.headers.get("location"), "/");
        });

        await t.step(
          "create: 201 with the board row and its blank rows; the author is the caller",
          async () => {
            const r = await dispatcher.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 1, report_date: target, rows: 5, has_second_driver: true },
            });
            assert.equal(r.status, 201, JSON.stringify(r.body));
            created = r.body.id;
            assert.equal(r.body.station.tag, "DON9");
            assert.equal(r.body.records, 5);
            assert.equal(r.body.has_second_driver, true);
            assert.equal(r.body.created_by.first_name, "Dana");
            const rows = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, created));
            assert.equal(rows.length, 5);
            const tracker = await dispatcher.json(`/api/da-daily-report/${created}/`);
            assert.equal(tracker.status, 200);
            assert.equal(tracker.body.records.length, 5);
          },
        );

        await t.step(
          "create: a duplicate is 400 with the message and the existing id; nothing is written",
          async () => {
            const r = await manager.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 1, report_date: target, rows: 3 },
            });
            assert.equal(r.status, 400);
            assert.equal(r.body.code, SHIFT.duplicate);
            assert.equal(r.body.detail, DUPLICATE_SHIFT);
            assert.deepEqual(r.body.station, [DUPLICATE_SHIFT]);
            assert.equal(r.body.id, created);
            const same = await db.select().from(shiftReports).where(
              and(eq(shiftReports.stationId, 1), eq(shiftReports.reportDate, target)),
            );
            assert.equal(same.length, 1);
          },
        );

        await t.step(
          "create: a past date is refused without old-shift access; another station is 403; bad input 400",
          async () => {
            const past = await day(db, -40);
            await db.delete(shiftReports).where(eq(shiftReports.reportDate, past));
            const r = await dispatcher.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 2, report_date: past },
            });
            assert.deepEqual([r.status, r.body.code], [400, SHIFT.dateExpired]);
            assert.equal(r.body.detail, DATE_EXPIRED);
            const foreign = await dispatcher.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 3, report_date: target },
            });
            assert.deepEqual([foreign.status, foreign.body.code], [403, COMMON.forbidden]);
            assert.equal(foreign.body.detail, "Station 3 is not one of your stations.");
            assert.deepEqual(foreign.body.station, ["Not one of your stations"]);
            const bad = await dispatcher.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 2, report_date: target, rows: 301 },
            });
            assert.deepEqual([bad.status, bad.body.code], [400, COMMON.invalidInput]);
            assert.deepEqual(bad.body.rows, ["At most 300 rows"]);
            const none = await dispatcher.json("/api/da-daily-report/", { method: "POST", json: {} });
            assert.equal(none.status, 400);
            assert.ok(none.body.station && none.body.report_date);
            assert.equal(
              (await db.select().from(shiftReports).where(eq(shiftReports.reportDate, past))).length,
              0,
            );
            // Granted old-shift access, the same dispatcher may create it.
            const granted = await owner.json(
              `/api/users/${await userId(db, "dispatcher@example.com")}/give_access_to_create_old_shifts/`,
              { method: "POST" },
            );
            assert.equal(granted.status, 200);
            assert.match(granted.body.ok, /can now create and edit old shifts/);
            const again = await dispatcher.json("/api/da-daily-report/", {
              method: "POST",
              json: { station: 2, report_date: past },
            });
            assert.equal(again.status, 201);
            assert.equal(
              (await manager.json(`/api/users/1/give_access_to_create_old_shifts/`, { method: "POST" }))
                .status,
              403,
            );
          },
        );

        await t.step("duplicate look-up: the caller's stations with a report that day", async () => {
          const r = await dispatcher.json("/api/is-shift-duplicate/", {
            method: "POST",
            json: { date: target },
          });
          assert.equal(r.status, 200);
          assert.deepEqual(r.body, { results: [{ station__id: 1, id: created }] });
          assert.equal(
            (await dispatcher.json("/api/is-shift-duplicate/", { method: "POST", json: {} })).status,
            400,
          );
        });

        await t.step("list: the caller's stations only, newest date first, filters, paging", async () => {
          const mine = await dispatcher.json("/api/da-daily-report/?page_size=100");
          assert.equal(mine.status, 200);
          assert.ok(mine.body.results.every((r: BoardReportDto) => r.station.id === 1 || r.station.id === 2));
          const dates = mine.body.results.map((r: BoardReportDto) => r.report_date);
          assert.deepEqual(dates, [...dates].sort().reverse());
          const one = await dispatcher.json(`/api/da-daily-report/?date_shift=${target}`);
          assert.deepEqual(one.body.results.map((r: BoardReportDto) => r.id), [created]);
          assert.equal(one.body.count, 1);
          const week = one.body.results[0].week_number + 1;
          const byWeek = await dispatcher.json(`/api/da-daily-report/?week_number=${week}&station=1`);
          assert.ok(byWeek.body.results.some((r: BoardReportDto) => r.id === created));
          const byAuthor = await dispatcher.json(
            `/api/da-daily-report/?created_by=${await userId(
              db,
              "dispatcher@example.com",
            )}&date_from=${target}`,
          );
          assert.deepEqual(byAuthor.body.results.map((r: BoardReportDto) => r.id), [created]);
          assert.equal((await dispatcher.json("/api/da-daily-report/?station=3")).status, 403);
          const bad = await dispatcher.json("/api/da-daily-report/?page_size=7");
          assert.equal(bad.status, 400);
          assert.deepEqual(bad.body.page_size, ["Must be 10, 25, 50 or 100"]);
          const all = await owner.json(`/api/da-daily-report/?date_shift=${target}`);
          assert.equal(all.body.count, 1);
        });

        await t.step("delete: the two privileged roles only; the rows go with the report", async () => {
          assert.equal(
            (await dispatcher.json(`/api/da-daily-report/${created}/`, { method: "DELETE" })).status,
            403,
          );
          assert.equal(
            (await manager.fetch(`/api/da-daily-report/${created}/`, { method: "DELETE" })).status,
            204,
          );
          const gone = await dispatcher.json(`/api/da-daily-report/${created}/`);
          assert.deepEqual([gone.status, gone.body.code], [404, COMMON.notFound]);
          assert.equal(
            (await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, created))).length,
            0,
          );
        });

        await t.step(
          "the page: the board for every staff role; Budgets only for the privileged pair",
          async () => {
            const d = await dispatcher.fetch("/das-reports?type=budget");
            assert.equal(d.status, 200);
            const html = await d.text();
            assert.match(html, /Shift reports/);
            assert.doesNotMatch(html, /data-testid="budget-table"/);
            const m = await (await manager.fetch("/das-reports?type=budget")).text();
            assert.match(m, /Budgets/);
            const odd = await dispatcher.fetch("/das-reports?station=3&page_size=7");
            assert.equal(odd.status, 200, "a bad or foreign filter falls back to the defaults");
          },
        );
      } finally {
        await app.close();
      }
    },
  });
}

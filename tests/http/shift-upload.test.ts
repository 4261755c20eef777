// The tracker's 'Upload Report (.xlsx)' through the real app, on PGlite and PostgreSQL: multipart
// xlsx_file + shift_date + report; every refusal holds without the page, and the upload takes part in the
// tracker's field-level concurrency (a PATCH based on a version from before the upload conflicts).
import assert from "node:assert/strict";
import { asc, eq, inArray } from "drizzle-orm";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { shiftRecords, uploads, users } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport } from "../integration/tracker-fixture.ts";
import { sampleRows, shiftXlsx } from "../fixtures/shift-xlsx.ts";

/** The tracker row fields this test reads. */
type TrackerRow = {
  route: string | null;
  driver: { id: number } | null;
  da_status: number;
  number_of_packages: number | null;
  wave_time: string | null;
  van: unknown;
};

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function form(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("xlsx_file", new File([file.bytes as BlobPart], file.name, { type: XLSX }));
  return f;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the shift XLSX upload`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      const upload = (c: Client, body: FormData) =>
        c.json("/api/upload-xlsx-shift-data/", { method: "POST", body });
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const date = await day(db, 1);
        const report = await makeReport(db, { stationId: 1, reportDate: date, rows: 4 });
        const das = await db.select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          transporterId: users.transporterId,
        })
          .from(users).where(inArray(users.id, (await activeDas(db, 1)).slice(0, 6))).orderBy(asc(users.id));
        const rows = [...sampleRows(das), {
          route: "CX77",
          transporterId: "AZZZZZZZZZZZZZ",
          serviceType: "Cargo Van",
        }];
        const bytes = await shiftXlsx(rows, { variant: "day-of-plan", titleRows: ["DON9 routes"] });
        const fields = { shift_date: date, report: String(report.id) };
        const [r1] = report.recordIds;
        const seenVersion = (await db.select().from(shiftRecords).where(eq(shiftRecords.id, r1)))[0].version;

        await t.step(
          "a dispatcher uploads the day's routes: rows filled and added, one unmatched",
          async () => {
            const r = await upload(dispatcher, form(fields, { bytes, name: "DON9 routes.xlsx" }));
            assert.equal(r.status, 200, JSON.stringify(r.body));
            assert.equal(r.body.detail, "Xlsx file was uploaded!");
            assert.deepEqual([r.body.updated, r.body.created, r.body.unchanged], [4, 2, 0]);
            assert.deepEqual(r.body.unmatched, [{
              row: 9,
              reason: "Route CX77: no DA of DON9 has the Transporter ID AZZZZZZZZZZZZZ.",
            }]);
            const tracker =
              (await dispatcher.json<{ records: TrackerRow[]; report: { unpublished_count: number } }>(
                `/api/da-daily-report/${report.id}/`,
              ))
                .body;
            assert.deepEqual(
              tracker.records.map((x) => [x.route, x.driver?.id, x.da_status, x.number_of_packages]),
              rows.slice(0, 6).map((f, i) => [f.route, das[i].id, 0, f.packages]),
            );
            assert.ok(tracker.records.every((x) => x.wave_time));
            // DON9 has no step vans: that row is written without a van, and the answer says so.
            assert.deepEqual(tracker.records.filter((x) => !x.van).map((x) => x.route), ["CX6"]);
            assert.deepEqual(r.body.warnings, [{
              row: 8,
              reason: "Route CX6: no free Cube Van at DON9; the row has no van yet.",
            }]);
            assert.equal(tracker.report.unpublished_count, 6);
            const [kept] = await db.select().from(uploads).where(eq(uploads.id, r.body.upload_id));
            assert.deepEqual([kept.kind, kept.fileName, kept.size], [
              "shift-xlsx",
              "DON9 routes.xlsx",
              bytes.length,
            ]);
          },
        );

        await t.step(
          "a PATCH based on a version from before the upload conflicts on the uploaded field",
          async () => {
            const r = await dispatcher.json(`/api/da-daily-report-record/${r1}/`, {
              method: "PATCH",
              json: { version: seenVersion, route: "MINE" },
            });
            assert.equal(r.status, 409);
            assert.match(r.body.detail, /^Someone else changed route on this row/);
            assert.equal(r.body.record.route, "CX1");
          },
        );

        await t.step("the same file again changes nothing", async () => {
          const r = await upload(dispatcher, form(fields, { bytes, name: "DON9 routes.xlsx" }));
          assert.equal(r.status, 200);
          assert.deepEqual([r.body.updated, r.body.created, r.body.unchanged, r.body.upload_id], [
            0,
            0,
            6,
            null,
          ]);
        });

        await t.step("refusals name what is wrong, and write nothing", async () => {
          const before = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, report.id))
            .orderBy(asc(shiftRecords.id));
          const file = { bytes, name: "DON9 routes.xlsx" };
          let r = await upload(dispatcher, form({ ...fields, shift_date: await day(db, 2) }, file));
          assert.equal(r.status, 400);
          assert.match(r.body.detail, /is not this report's date/);
          assert.ok(r.body.shift_date);
          // No report and no station, from someone at two stations: which station's day? (issue 10)
          r = await upload(dispatcher, form({ shift_date: date }, file));
          assert.equal(r.status, 400);
          assert.equal(r.body.code, "shift_upload.station_needed", JSON.stringify(r.body));
          r = await upload(dispatcher, form(fields));
          assert.equal(r.status, 400);
          assert.deepEqual(r.body.xlsx_file, ["No file was submitted."]);
          r = await upload(
            dispatcher,
            form(fields, {
              bytes: new TextEncoder().encode("Route Code,Driver Name\nCX1,Ana"),
              name: "routes.csv",
            }),
          );
          assert.equal(r.status, 400);
          assert.match(r.body.detail, /^routes\.csv: this is not an Excel workbook/);
          const old = await makeReport(db, { stationId: 1, reportDate: await day(db, -3), rows: 1 });
          r = await upload(dispatcher, form({ shift_date: await day(db, -3), report: String(old.id) }, file));
          assert.equal(r.status, 403);
          assert.match(r.body.detail, /^This report is closed/);
          const far = await makeReport(db, { stationId: 3, reportDate: date, rows: 1 });
          r = await upload(dispatcher, form({ shift_date: date, report: String(far.id) }, file));
          assert.equal(r.status, 404);
          r = await upload(new Client(app.url), form(fields, file));
          assert.equal(r.status, 401);
          const after = await db.select().from(shiftRecords).where(eq(shiftRecords.reportId, report.id))
            .orderBy(asc(shiftRecords.id));
          assert.deepEqual(after, before);
        });
      } finally {
        await app.close();
      }
    },
  });
}

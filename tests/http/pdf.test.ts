// The tracker's PDF export and its preview through the real app: real text, the printed rows only, the
// spec's file name, and the station scope (a report of another station is 404, like a missing one).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { shiftRecords, shiftReports, users } from "../../lib/db/schema.ts";
import { activeDas, day, makeReport, vansOf } from "../integration/tracker-fixture.ts";
import { pdfDate } from "../../lib/shifts/pdf.ts";

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: PDF export and preview`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const date = await day(db, 1);
        const report = await makeReport(db, {
          stationId: 1,
          reportDate: date,
          rows: 5,
          hasSecondDriver: true,
        });
        const das = await activeDas(db, 1);
        const people = await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(
          users,
        );
        const nameOf = (id: number) => {
          const p = people.find((x) => x.id === id)!;
          return `${p.first} ${p.last}`;
        };
        const cargo = await vansOf(db, 1, 1);
        const statuses = [1, 0, 2, 1, 3];
        for (const [i, id] of report.recordIds.entries()) {
          await db.update(shiftRecords).set({
            driverId: das[i],
            secondDriverId: i === 0 ? das[9] : null,
            daStatus: statuses[i],
            route: `CX${40 + i}`,
            waveTime: `Wave ${i + 1}`,
            vanId: i === 3 ? null : cargo[i].id,
            fleetNumber: i === 3 ? "RENT-7" : null,
          }).where(eq(shiftRecords.id, id));
        }

        await t.step("the preview lists the rows the PDF prints", async () => {
          const r = await dispatcher.json(`/api/da-daily-report/${report.id}/pdf-preview/`);
          assert.equal(r.status, 200);
          assert.equal(r.body.show_da2, true);
          assert.equal(r.body.file_name, `Shift report DON9 ${pdfDate(date)}.pdf`);
          assert.deepEqual(r.body.rows, [
            {
              number: 1,
              fleet_no: cargo[0].number,
              route: "CX40",
              wave: "Wave 1",
              da: nameOf(das[0]),
              da2: nameOf(das[9]),
            },
            { number: 2, fleet_no: "RENT-7", route: "CX43", wave: "Wave 4", da: nameOf(das[3]), da2: "" },
          ]);
        });

        await t.step(
          "the PDF: its name, A4 portrait 210 x 295 mm, real text of the printed rows only",
          async () => {
            const res = await dispatcher.fetch(`/api/da-daily-report/${report.id}/pdf/`);
            assert.equal(res.status, 200);
            assert.equal(res.headers.get("content-type"), "application/pdf");
            assert.match(
              res.headers.get("content-disposition")!,
              new RegExp(`filename="Shift report DON9 ${pdfDate(date)}\\.pdf"`),
            );
            const bytes = new Uint8Array(await res.arrayBuffer());
            const doc = await getDocumentProxy(bytes);
            const vp = (await doc.getPage(1)).getViewport({ scale: 1 });
            assert.deepEqual([Math.round(vp.width / 72 * 25.4), Math.round(vp.height / 72 * 25.4)], [
              210,
              295,
            ]);
            const { text } = await extractText(doc, { mergePages: true });
            for (
              const s of [
                `Shift report DON9 ${pdfDate(date)}`,
                "Fleet No.",
                "Route",
                "Wave",
                "DA 2",
                "CX40",
                "CX43",
                "RENT-7",
                nameOf(das[0]),
                nameOf(das[9]),
                nameOf(das[3]),
              ]
            ) {
              assert.ok(text.includes(s), `'${s}' missing from:\n${text}`);
            }
            for (const i of [1, 2, 4]) {
              assert.ok(!text.includes(nameOf(das[i])), `status ${statuses[i]} row must not print`);
            }
          },
        );

        await t.step("without DA 2 the column is not printed", async () => {
          await db.update(shiftReports).set({ hasSecondDriver: false }).where(eq(shiftReports.id, report.id));
          const r = await dispatcher.json(`/api/da-daily-report/${report.id}/pdf-preview/`);
          assert.equal(r.body.show_da2, false);
          assert.ok(r.body.rows.every((row: { da2: string }) => row.da2 === ""));
          const { text } = await extractText(
            await getDocumentProxy(
              new Uint8Array(
                await (await dispatcher.fetch(`/api/da-daily-report/${report.id}/pdf/`)).arrayBuffer(),
              ),
            ),
            { mergePages: true },
          );
          assert.ok(!text.includes("DA 2"));
        });

        await t.step("another station's report is 404; a visitor is 401", async () => {
          const far = await makeReport(db, { stationId: 3, reportDate: date, rows: 1 });
          for (
            const path of [
              `/api/da-daily-report/${far.id}/pdf/`,
              `/api/da-daily-report/${far.id}/pdf-preview/`,
            ]
          ) {
            assert.equal((await dispatcher.json(path)).status, 404);
          }
          const manager = await signedIn(app, "manager@example.com");
          assert.equal((await manager.fetch(`/api/da-daily-report/${far.id}/pdf/`)).status, 200);
          assert.equal(
            (await new Client(app.url).json(`/api/da-daily-report/${report.id}/pdf/`)).status,
            401,
          );
          assert.equal((await dispatcher.json(`/api/da-daily-report/999999/pdf-preview/`)).status, 404);
        });
      } finally {
        await app.close();
      }
    },
  });
}

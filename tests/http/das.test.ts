// The DA register's API through the real app, on the demo organisation, on PGlite and on PostgreSQL:
// every rule the screen shows is enforced here too, even for a client calling the API directly.
import assert from "node:assert/strict";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { Client, startTestApp, type TestApp } from "../helpers/app.ts";
import { ENGINES } from "../helpers/db.ts";
import { stationSpots, users } from "../../lib/db/schema.ts";
import type { Db } from "../../lib/db/client.ts";
import { COMMON } from "../../lib/errors.ts";
import { DA } from "../../lib/das/errors.ts";
import type { DaDto, SpotDto } from "../../lib/das/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";

const PASSWORD = "demo1234";

/** DAs (role 5) whose spots are exactly at `stationId` (and nowhere else), lowest id first. */
async function dasOnlyAt(db: Db, stationId: number, status?: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(and(
    eq(users.role, 5),
    status === undefined ? undefined : eq(users.status, status),
    sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id = ${stationId})`,
    sql`not exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id <> ${stationId})`,
  )).orderBy(users.id);
  return rows.map((r) => r.id);
}

async function signedIn(app: TestApp, email: string): Promise<Client> {
  const c = new Client(app.url);
  await c.login(email, PASSWORD);
  return c;
}

for (const engine of ENGINES) {
  Deno.test({
    name: `${engine.name}: the DA register API, reads and exports`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const app = await startTestApp({ db: await engine.open({ demo: true }) });
      const db = app.db.db;
      try {
        const dispatcher = await signedIn(app, "dispatcher@example.com");
        const supervisor = await signedIn(app, "supervisor@example.com");
        const manager = await signedIn(app, "manager@example.com");
        const owner = await signedIn(app, "owner@example.com");
        const at1 = await dasOnlyAt(db, 1, 1);
        const at2 = await dasOnlyAt(db, 2, 1);
        const at3 = await dasOnlyAt(db, 3, 1);

        await t.step("a visitor gets 401 everywhere", async () => {
          const v = new Client(app.url);
          for (
            const p of [
              "/api/driver-model/",
              `/api/driver-model/${at1[0]}/history/`,
              "/api/driver-model/export/?format=csv",
              "/api/stations/",
              "/api/agencies/",
              "/api/fleet-groups/",
            ]
          ) {
            assert.equal((await v.fetch(p)).status, 401, p);
          }
          assert.equal(
            (await v.json("/api/updates-multiple-users/", {
              method: "POST",
              json: { id_list: [at1[0]], status: 6 },
            })).status,
            401,
          );
        });

        await t.step(
          "list: the dispatcher sees DAs of stations 1-2 only, with spots of those stations only",
          async () => {
            const r = await dispatcher.json("/api/driver-model/?page_size=100");
            assert.equal(r.status, 200);
            const [{ n }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users).where(
              and(
                eq(users.role, 5),
                sql`exists (select 1 from ${stationSpots} s where s.user_id = ${users.id} and s.station_id in (1, 2))`,
              ),
            );
            assert.equal(r.body.count, n);
            assert.equal(r.body.results.length, Math.min(100, n));
            for (const d of r.body.results) {
              assert.ok(d.station_spots.length > 0);
              assert.ok(d.station_spots.every((s: SpotDto) => [1, 2].includes(s.station.id)), `DA ${d.id}`);
              assert.equal(d.role, 5);
            }
            const ids = r.body.results.map((d: DaDto) => d.id);
            assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a), "default order -id");
            assert.ok(!ids.some((id: number) => at3.includes(id)));
            const all = await owner.json("/api/driver-model/?page_size=10");
            assert.equal(all.body.count, 120);
          },
        );

        await t.step("list: filters, ordering, paging and bad parameters", async () => {
          const st3 = await owner.json("/api/driver-model/?in_station=3&page_size=100");
          assert.ok(
            st3.body.results.every((d: DaDto) => d.station_spots.some((s: SpotDto) => s.station.id === 3)),
          );
          const inactive = await dispatcher.json("/api/driver-model/?status=6&page_size=100");
          assert.ok(inactive.body.count > 0 && inactive.body.results.every((d: DaDto) => d.status === 6));
          const noLicence = await owner.json("/api/driver-model/?driver_license=license");
          assert.ok(
            noLicence.body.count > 0 &&
              noLicence.body.results.every((d: DaDto) => d.driver_license === "license"),
          );
          const [one] = (await owner.json("/api/driver-model/?page_size=10")).body.results;
          const byTid = await owner.json(`/api/driver-model/?search=${one.transporter_id.toLowerCase()}`);
          assert.deepEqual(byTid.body.results.map((d: DaDto) => d.id), [one.id]);
          const byBadge = await owner.json(`/api/driver-model/?badge=${one.badge}`);
          assert.ok(byBadge.body.results.some((d: DaDto) => d.id === one.id));
          const sorted = await owner.json("/api/driver-model/?ordering=badge&page_size=25&page=2");
          const badges = sorted.body.results.map((d: DaDto) => d.badge);
          assert.deepEqual(badges, [...badges].sort());
          assert.equal(sorted.body.results.length, 25);
          assert.equal((await owner.json("/api/driver-model/?page_size=7")).status, 400);
          assert.equal((await owner.json("/api/driver-model/?ordering=password_hash")).status, 400);
          assert.equal((await owner.json("/api/driver-model/?status=4")).status, 400);
        });

        await t.step(
          "list: a dispatcher cannot ask for another station or for statuses 2 and 3",
          async () => {
            const st = await dispatcher.json("/api/driver-model/?in_station=3");
            assert.deepEqual([st.status, st.body.code], [403, COMMON.forbidden]);
            assert.equal(st.body.detail, "Station 3 is not one of your stations.");
            for (const s of ["2", "3", "1,3"]) {
              const r = await dispatcher.json(`/api/driver-model/?status=${s}`);
              assert.deepEqual([r.status, r.body.code], [403, DA.statusFilterNotAllowed], s);
              assert.match(r.body.detail, /^Dispatchers cannot filter by status (Rehired|Blacklisted)/);
            }
            assert.equal((await supervisor.json("/api/driver-model/?status=2,3")).status, 200);
          },
        );

        await t.step("read one and its history: 404 outside the viewer's stations", async () => {
          const elsewhere = await dispatcher.json(`/api/driver-model/${at3[0]}/`);
          assert.deepEqual([elsewhere.status, elsewhere.body.code], [404, COMMON.notFound]);
          assert.equal((await dispatcher.json(`/api/driver-model/${at3[0]}/history/`)).status, 404);
          const mine = await dispatcher.json(`/api/driver-model/${at1[0]}/`);
          assert.equal(mine.status, 200);
          assert.equal(mine.body.id, at1[0]);
          const staff = await owner.json("/api/current-user/");
          assert.equal(
            (await owner.json(`/api/driver-model/${staff.body.id}/`)).status,
            404,
            "staff are not DAs",
          );
        });

        await t.step("look-ups: the viewer's stations, agencies, fleet groups", async () => {
          const st = await dispatcher.json("/api/stations/");
          assert.deepEqual(st.body.results.map((s: StationDto) => s.tag), ["DON9", "HYZ1"]);
          assert.deepEqual((await owner.json("/api/stations/")).body.results.map((s: StationDto) => s.id), [
            1,
            2,
            3,
          ]);
          const ag = await dispatcher.json("/api/agencies/");
          assert.ok(
            ag.body.results.every((a: object) => Object.keys(a).sort().join() === "description,id,name"),
          );
          assert.equal((await dispatcher.json("/api/fleet-groups/")).status, 200);
        });

        await t.step(
          "export: CSV and XLSX with the current filters, safe cells, dated file name",
          async () => {
            await db.update(users).set({ firstName: '=HYPERLINK("http://x")' }).where(eq(users.id, at2[1]));
            const res = await dispatcher.fetch(
              "/api/driver-model/export/?format=csv&in_station=2&status=1&ordering=id",
            );
            assert.equal(res.status, 200);
            assert.match(res.headers.get("content-type")!, /^text\/csv/);
            assert.match(
              res.headers.get("content-disposition")!,
              /^attachment; filename="DA status \d\d-\d\d-\d{4}\.csv"$/,
            );
            const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
            const list = await dispatcher.json("/api/driver-model/?in_station=2&status=1&page_size=100");
            assert.equal(lines.length - 1, list.body.count);
            const evil = lines.find((l) => l.startsWith(`${at2[1]},`))!;
            assert.ok(evil.startsWith(`${at2[1]},"'=HYPERLINK(""http://x"")"`), evil);
            const x = await owner.fetch("/api/driver-model/export/?format=xlsx&driver_license=license");
            assert.match(x.headers.get("content-disposition")!, /DA status \d\d-\d\d-\d{4}\.xlsx/);
            const wb = new ExcelJS.Workbook();
            await wb.xlsx.load(await x.arrayBuffer());
            const ws = wb.getWorksheet("DA status")!;
            const count = (await owner.json("/api/driver-model/?driver_license=license")).body.count;
            assert.equal(ws.rowCount - 1, count);
            assert.equal(ws.getRow(2).getCell(5).value, "No Licence");
            assert.equal(
              (await dispatcher.fetch("/api/driver-model/export/?format=csv&in_station=3")).status,
              403,
            );
            assert.equal(
              (await dispatcher.fetch("/api/driver-model/export/?format=csv&status=3")).status,
              403,
            );
            assert.equal((await dispatcher.fetch("/api/driver-model/export/?format=pdf")).status, 400);
          },
        );

        await t.step("the page opens for every staff role", async () => {
          for (const c of [dispatcher, supervisor, manager, owner]) {
            const res = await c.fetch("/da-status");
            assert.equal(res.status, 200);
            const html = await res.text();
            assert.match(html, /data-testid="da-table"/);
            assert.ok(
              !/style="/.test(html.replace(/<astro-island[^>]*>/g, "")),
              "no inline style attributes",
            );
          }
          // A forbidden filter in the URL falls back to the defaults rather than failing the page.
          assert.equal((await dispatcher.fetch("/da-status?in_station=3")).status, 200);
        });
      } finally {
        await app.close();
      }
    },
  });
}

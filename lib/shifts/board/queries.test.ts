// The board's reads on both engines: station scope, every filter, ordering, paging, the DTO and the duplicate look-up.
import assert from "node:assert/strict";
import { ENGINES } from "../../../tests/helpers/db.ts";
import { COMMON, DomainError } from "../../errors.ts";
import { boardListQuery } from "./inputs.ts";
import { duplicatesOn, listReports, userLabels } from "./queries.ts";
import { boardFixture } from "./_fixture.ts";

const q = (over: Record<string, string> = {}) => boardListQuery.parse(over);
const ids = (r: { results: { id: number }[] }) => r.results.map((x) => x.id);

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: shift reports board reads`, async (t) => {
    const h = await engine.open();
    try {
      const f = await boardFixture(h.db);
      const { a, b, c, d, e } = f.reports;
      const [s1, s2, s3] = f.stations;
      const list = (over: Record<string, string>, viewer = f.owner) => listReports(h.db, viewer, q(over));

      await t.step("a viewer sees the reports of their stations, newest report date first", async () => {
        assert.deepEqual(ids(await list({}, f.dispatcher)), [e, b, a, d]);
        const all = await list({});
        assert.deepEqual(ids(all), [c, e, b, a, d]);
        assert.equal(all.count, 5);
      });

      await t.step(
        "the row DTO: stored week, weekday, station, people, row count, ISO instants",
        async () => {
          const row = (await list({ date_shift: "2026-05-17" })).results[0];
          assert.deepEqual(row, {
            id: a,
            report_date: "2026-05-17",
            get_week_day: "Sun",
            week_number: 20,
            year: 2026,
            station: { id: s1.id, title: s1.title, tag: s1.tag },
            has_second_driver: false,
            records: 2,
            created_by: { id: f.dispatcher.id, first_name: "Dora", last_name: "Dispatch" },
            edited_by: { id: f.manager.id, first_name: "Max", last_name: "Manager" },
            created: "2026-05-10T03:00:00.000Z",
            modified: "2026-05-10T03:00:00.000Z",
          });
          const empty = (await list({ date_shift: "2026-05-19" })).results[0];
          assert.equal(empty.records, 0);
          assert.equal(empty.created_by, null);
        },
      );

      await t.step("paging: page_size and page, with the full count", async () => {
        const first = await list({ page_size: "10" }, f.dispatcher);
        assert.equal(first.count, 4);
        const second = await list({ page: "2" }, f.dispatcher);
        assert.deepEqual(second, { count: 4, results: [] });
        assert.equal(boardListQuery.safeParse({ page_size: "20" }).success, false);
      });

      await t.step("station: narrows within the viewer's stations; another station is refused", async () => {
        assert.deepEqual(ids(await list({ station: String(s2.id) }, f.dispatcher)), [b]);
        await assert.rejects(() => list({ station: String(s3.id) }, f.dispatcher), (err) => {
          assert.ok(err instanceof DomainError);
          assert.equal(err.code, COMMON.forbidden);
          assert.equal(err.message, `Station ${s3.id} is not one of your stations.`);
          assert.deepEqual(err.fields.station, ["Not one of your stations"]);
          return true;
        });
        assert.deepEqual(await listReports(h.db, { stationIds: [] }, q()), { count: 0, results: [] });
      });

      await t.step("dates: shift date, from/to, month, calendar year, week (+ its week-year)", async () => {
        assert.deepEqual(ids(await list({ date_shift: "2026-05-18" })), [b]);
        assert.deepEqual(ids(await list({ date_from: "2026-05-18", date_to: "2026-06-01" })), [e, b]);
        assert.deepEqual(ids(await list({ date_from: "2026-05-19" })), [c, e]);
        assert.deepEqual(ids(await list({ month: "5" })), [e, b, a]);
        assert.deepEqual(ids(await list({ year: "2025" })), [d]);
        assert.deepEqual(ids(await list({ month: "12", year: "2025" })), [d]);
        assert.deepEqual(ids(await list({ week_number: "21" })), [e, b, a]);
        assert.deepEqual(
          ids(await list({ week_number: "1", year: "2026" })),
          [d],
          "29-12-2025 is in week 1 of 2026",
        );
        assert.deepEqual(ids(await list({ week_number: "1", year: "2025" })), []);
      });

      await t.step("created date is the creation day in the organisation's zone (UTC-5)", async () => {
        assert.deepEqual(ids(await list({ created_date: "2026-05-09", date_shift: "2026-05-17" })), [a]);
        assert.deepEqual(ids(await list({ created_date: "2026-05-10", date_shift: "2026-05-17" })), []);
      });

      await t.step("created by, edited by", async () => {
        assert.deepEqual(ids(await list({ created_by: String(f.dispatcher.id) })), [a, d]);
        assert.deepEqual(ids(await list({ created_by: String(f.manager.id) })), [b]);
        assert.deepEqual(ids(await list({ edited_by: String(f.manager.id) })), [a]);
      });

      await t.step(
        "row filters: driver (DA or DA 2), missing, fleet number, size, group, scanners",
        async () => {
          const { d1, d2, d3 } = f.das;
          assert.deepEqual(ids(await list({ driver: String(d1.id) })), [a]);
          assert.deepEqual(ids(await list({ driver: String(d2.id) })), [b, a], "DA 2 counts");
          assert.deepEqual(ids(await list({ driver: String(d3.id) }, f.dispatcher)), []);
          assert.deepEqual(ids(await list({ missing: "true" })), [c, a]);
          assert.deepEqual(ids(await list({ missing: "false" })).length, 5, "false is no filter");
          assert.deepEqual(ids(await list({ fleet_number: f.van.number.toLowerCase() })), [a]);
          assert.deepEqual(ids(await list({ fleet_number: "f-77" })), [b]);
          assert.deepEqual(ids(await list({ fleet_number: "F-7" })), [], "whole numbers only");
          assert.deepEqual(ids(await list({ fleet_size: "1" })), [a]);
          assert.deepEqual(ids(await list({ fleet_size: "6" })), [b], "a cancelled row's size counts");
          assert.deepEqual(ids(await list({ fleet_group: String(f.fg1.id) })), [c, a]);
          assert.deepEqual(
            ids(await list({ fleet_group: String(f.fg2.id) })),
            [b],
            "the group of the spot at the report's station",
          );
          assert.deepEqual(ids(await list({ rabbit_number: f.rabbit.serialNumber })), [a]);
          assert.deepEqual(ids(await list({ dolly_number: f.dolly.serialNumber })), [b]);
          assert.deepEqual(
            ids(await list({ rabbit_number: f.dolly.serialNumber })),
            [],
            "a dolly is not a rabbit",
          );
        },
      );

      await t.step("row filters meet on ONE row; report filters combine with them", async () => {
        assert.deepEqual(ids(await list({ driver: String(f.das.d1.id), missing: "true" })), [a]);
        assert.deepEqual(ids(await list({ driver: String(f.das.d2.id), missing: "true" })), []);
        assert.deepEqual(ids(await list({ driver: String(f.das.d2.id), station: String(s2.id) })), [b]);
      });

      await t.step("duplicate look-up: the viewer's stations with a report that day", async () => {
        assert.deepEqual(await duplicatesOn(h.db, f.dispatcher, "2026-05-17"), {
          results: [{ station__id: s1.id, id: a }],
        });
        assert.deepEqual(await duplicatesOn(h.db, f.dispatcher, "2026-06-02"), { results: [] });
        assert.deepEqual(await duplicatesOn(h.db, f.owner, "2026-06-02"), {
          results: [{ station__id: s3.id, id: c }],
        });
      });

      await t.step("user labels name only people of the viewer's stations", async () => {
        const labels = await userLabels(h.db, f.dispatcher, [f.manager.id, f.das.d3.id, f.das.d1.id, -4]);
        assert.deepEqual(labels, { [f.manager.id]: "Max Manager", [f.das.d1.id]: "Dan Driver" });
      });
    } finally {
      await h.close();
    }
  });
}

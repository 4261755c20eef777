// The station-spot editor's rules on both engines.
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ENGINES } from "../../tests/helpers/db.ts";
import { DomainError, type ErrorKind } from "../errors.ts";
import { stationSpots } from "../org/schema.ts";
import { makeDriver, makeSpot } from "../demo/factories.ts";
import { spotCreateInput, spotEditInput } from "./inputs.ts";
import { createSpot, editSpots } from "./spots.ts";
import { getDa } from "./queries.ts";
import { daFixture } from "./_fixture.ts";

/** Refused with this code (and so this kind, which the edge turns into the status) and these words. */
const rejectsWith = (fn: () => Promise<unknown>, code: string, kind: ErrorKind, detail?: string | RegExp) =>
  assert.rejects(fn, (e: unknown) => {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.code, code, e.message);
    assert.equal(e.kind, kind, e.message);
    if (typeof detail === "string") assert.equal(e.message, detail);
    else if (detail) assert.match(e.message, detail);
    return true;
  });

for (const engine of ENGINES) {
  Deno.test(`${engine.name}: station spots of a DA`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const f = await daFixture(db);
      const [s1, s2, s3] = f.stations;
      const [fg1, fg2] = f.fleetGroups;
      const da = async (stationIds: number[], name = "Spot") => {
        const d = await makeDriver(db, { firstName: name, lastName: "Tester" });
        const spots = [];
        for (const s of stationIds) {
          spots.push(await makeSpot(db, d.id, s, { agencyId: f.agency.id, fleetGroupIds: [fg1.id] }));
        }
        return { d, spots };
      };
      const allSpots = async (userId: number) =>
        (await db.select().from(stationSpots).where(eq(stationSpots.userId, userId))).map((s) => s.stationId)
          .sort();
      const create = (o: Record<string, unknown>) => spotCreateInput.parse(o);
      const edit = (o: Record<string, unknown>) => spotEditInput.parse(o);

      await t.step("create: a new spot with agency and fleet groups", async () => {
        const { d } = await da([s1.id]);
        const spot = await createSpot(
          db,
          f.supervisor,
          create({ user: d.id, station: s2.id, agency: f.agency2.id, fleet_groups: [fg2.id, fg1.id] }),
        );
        assert.equal(spot.station.id, s2.id);
        assert.deepEqual(spot.agency, { id: f.agency2.id, name: f.agency2.name });
        assert.deepEqual(spot.fleet_groups.map((g) => g.id).sort(), [fg1.id, fg2.id].sort());
        assert.deepEqual(await allSpots(d.id), [s1.id, s2.id].sort());
      });

      await t.step("create: a station the DA already uses is refused, naming it", async () => {
        const { d } = await da([s1.id], "Dup");
        await rejectsWith(
          () => createSpot(db, f.owner, create({ user: d.id, station: s1.id, agency: f.agency.id })),
          "spot.station_taken",
          "invalid",
          `Dup Tester already has a spot at ${s1.tag}.`,
        );
      });

      await t.step("dispatchers cannot create or edit spots", async () => {
        const { d, spots } = await da([s1.id]);
        await rejectsWith(
          () => createSpot(db, f.dispatcher, create({ user: d.id, station: s2.id, agency: f.agency.id })),
          "spot.edit_forbidden",
          "forbidden",
          "Dispatchers cannot edit station spots.",
        );
        await rejectsWith(
          () => editSpots(db, f.dispatcher, edit({ user: d.id, spotsToDelete: [spots[0].id] })),
          "spot.edit_forbidden",
          "forbidden",
        );
        assert.deepEqual(await allSpots(d.id), [s1.id]);
      });

      await t.step("only the viewer's stations; only DAs in the viewer's stations", async () => {
        const { d } = await da([s1.id]);
        await rejectsWith(
          () => createSpot(db, f.supervisor, create({ user: d.id, station: s3.id, agency: f.agency.id })),
          "spot.station_not_yours",
          "forbidden",
          `Station ${s3.id} is not one of your stations.`,
        );
        const { d: far } = await da([s3.id]);
        await rejectsWith(
          () => createSpot(db, f.supervisor, create({ user: far.id, station: s1.id, agency: f.agency.id })),
          "common.not_found",
          "not_found",
        );
        await rejectsWith(
          () =>
            createSpot(db, f.owner, create({ user: f.dispatcher.id, station: s3.id, agency: f.agency.id })),
          "common.not_found",
          "not_found",
          /no DA/,
        );
      });

      await t.step("unknown agency or fleet group: 400", async () => {
        const { d } = await da([s1.id]);
        await rejectsWith(
          () => createSpot(db, f.owner, create({ user: d.id, station: s2.id, agency: 999999 })),
          "spot.unknown_agency",
          "invalid",
          "Unknown agency 999999.",
        );
        await rejectsWith(
          () =>
            createSpot(
              db,
              f.owner,
              create({ user: d.id, station: s2.id, agency: f.agency.id, fleet_groups: [999998] }),
            ),
          "spot.unknown_fleet_group",
          "invalid",
          "Unknown fleet group 999998.",
        );
        assert.deepEqual(await allSpots(d.id), [s1.id]);
      });

      await t.step("edit: update, add and delete in one save", async () => {
        const { d, spots } = await da([s1.id, s2.id]);
        const result = await editSpots(
          db,
          f.owner,
          edit({
            user: d.id,
            stationSpots: [
              { id: spots[0].id, station: s1.id, agency: f.agency2.id, fleet_groups: [fg2.id] },
              { station: s3.id, agency: f.agency.id },
            ],
            spotsToDelete: [spots[1].id],
          }),
        );
        assert.deepEqual(result.map((s) => s.station.id).sort(), [s1.id, s3.id].sort());
        const first = result.find((s) => s.id === spots[0].id)!;
        assert.equal(first.agency?.id, f.agency2.id);
        assert.deepEqual(first.fleet_groups.map((g) => g.id), [fg2.id]);
      });

      await t.step("edit: moving a spot to a free station, and a chain of moves", async () => {
        const { d, spots } = await da([s1.id, s2.id]);
        const r = await editSpots(
          db,
          f.owner,
          edit({
            user: d.id,
            stationSpots: [
              { id: spots[0].id, station: s2.id, agency: f.agency.id },
              { id: spots[1].id, station: s3.id, agency: f.agency.id },
            ],
          }),
        );
        assert.deepEqual(
          r.map((s) => [s.id, s.station.id]).sort(),
          [[spots[0].id, s2.id], [spots[1].id, s3.id]].sort(),
        );
      });

      await t.step("edit: two spots on one station, a swap, or no spot left are refused whole", async () => {
        const { d, spots } = await da([s1.id, s2.id], "Twin");
        await rejectsWith(
          () =>
            editSpots(
              db,
              f.owner,
              edit({ user: d.id, stationSpots: [{ station: s1.id, agency: f.agency.id }] }),
            ),
          "spot.station_taken",
          "invalid",
          `Twin Tester can have only one spot at ${s1.tag}.`,
        );
        await rejectsWith(
          () =>
            editSpots(
              db,
              f.owner,
              edit({
                user: d.id,
                stationSpots: [{ id: spots[0].id, station: s2.id, agency: f.agency.id }, {
                  id: spots[1].id,
                  station: s1.id,
                  agency: f.agency.id,
                }],
              }),
            ),
          "spot.swap",
          "invalid",
          /cannot swap/,
        );
        await rejectsWith(
          () => editSpots(db, f.owner, edit({ user: d.id, spotsToDelete: [spots[0].id, spots[1].id] })),
          "spot.last_spot",
          "invalid",
          "A DA needs at least one station spot.",
        );
        await rejectsWith(
          () =>
            editSpots(
              db,
              f.owner,
              edit({
                user: d.id,
                stationSpots: [{ id: spots[0].id, station: s1.id, agency: f.agency.id }],
                spotsToDelete: [spots[0].id],
              }),
            ),
          "spot.saved_and_deleted",
          "invalid",
          /both saved and deleted/,
        );
        assert.deepEqual(await allSpots(d.id), [s1.id, s2.id].sort(), "nothing was half-written");
      });

      await t.step("edit: spots of another user, or at a station the viewer lacks, are refused", async () => {
        const { d } = await da([s1.id]);
        const { spots: otherSpots } = await da([s2.id]);
        await rejectsWith(
          () => editSpots(db, f.owner, edit({ user: d.id, spotsToDelete: [otherSpots[0].id] })),
          "spot.not_own",
          "not_found",
          /is not a spot of this DA/,
        );
        const { d: wide, spots } = await da([s1.id, s3.id]);
        await rejectsWith(
          () => editSpots(db, f.supervisor, edit({ user: wide.id, spotsToDelete: [spots[1].id] })),
          "spot.out_of_reach",
          "forbidden",
          /not one of yours/,
        );
        // The supervisor's edits leave the station-3 spot alone, and their view of the DA omits it.
        const mine = await editSpots(
          db,
          f.supervisor,
          edit({ user: wide.id, stationSpots: [{ id: spots[0].id, station: s2.id, agency: f.agency.id }] }),
        );
        assert.deepEqual(mine.map((s) => s.station.id), [s2.id]);
        assert.deepEqual(
          (await getDa(db, f.owner, wide.id)).station_spots.map((s) => s.station.id).sort(),
          [s2.id, s3.id].sort(),
        );
      });
    } finally {
      await h.close();
    }
  });
}

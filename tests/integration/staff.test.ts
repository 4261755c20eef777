// The staff-account rules through lib on PGlite and PostgreSQL: scoping in SQL, the role and station rules,
// one transaction per write (account + outbox e-mail), deactivation revoking sessions.
import assert from "node:assert/strict";
import { and, eq, isNull, sql } from "drizzle-orm";
import { ENGINES } from "../helpers/db.ts";
import {
  outbox,
  passwordResetTokens,
  sessions,
  stationSpotFleetGroups,
  stationSpots,
  users,
} from "../../lib/db/schema.ts";
import {
  makeAgency,
  makeDriver,
  makeFleetGroup,
  makeSpot,
  makeStation,
  makeUser,
} from "../../lib/demo/factories.ts";
import { openSession } from "../../lib/auth/sessions.ts";
import { DomainError, type ErrorKind } from "../../lib/errors.ts";
import { getStaff, listStaff } from "../../lib/staff/queries.ts";
import { createStaff, sendPasswordLink, setStaffActive, updateStaff } from "../../lib/staff/mutations.ts";
import { type StaffCreateInput, staffCreateInput, staffListQuery } from "../../lib/staff/inputs.ts";
import type { Actor } from "../../lib/staff/policy.ts";

const BASE = "https://dsp.example.com";
/** The status the edge (lib/web/endpoint.ts) gives each kind of refusal these tests meet. */
const STATUS: Partial<Record<ErrorKind, number>> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};
/** Refused with this code, the status the edge gives its kind, and (when given) these words. */
const rejects = (p: Promise<unknown>, code: string, status: number, message?: RegExp | string) =>
  assert.rejects(p, (e: unknown) => {
    assert.ok(e instanceof DomainError, String(e));
    assert.equal(e.code, code, e.message);
    assert.equal(STATUS[e.kind], status, e.message);
    if (typeof message === "string") assert.equal(e.message, message);
    else if (message) assert.match(e.message, message);
    return true;
  });
/** The /staff path: an actor creates the account, then reads it back as the API does. */
const create = async (db: Parameters<typeof createStaff>[0], actor: Actor, input: StaffCreateInput) =>
  await getStaff(db, actor, await createStaff(db, { actor, baseUrl: BASE }, input));

for (const engine of ENGINES) {
  Deno.test(`staff accounts on ${engine.name}`, async (t) => {
    const h = await engine.open();
    const db = h.db;
    try {
      const [a, b, c] = [await makeStation(db), await makeStation(db), await makeStation(db)];
      const agency = await makeAgency(db);
      const fg = await makeFleetGroup(db);
      const mk = async (role: number, stationIds: number[]) => {
        const u = await makeUser(db, { role });
        for (const s of stationIds) await makeSpot(db, u.id, s);
        return { id: u.id, role, stationIds, email: u.email };
      };
      const owner = await mk(4, [a.id, b.id, c.id]);
      const manager = await mk(3, [a.id, b.id]);
      const dispatcher = await mk(1, [a.id]);
      const farDispatcher = await mk(1, [c.id]);
      const driver = await makeDriver(db);
      await makeSpot(db, driver.id, a.id);
      const input = (over: Record<string, unknown> = {}) =>
        staffCreateInput.parse({
          email: `p.${crypto.randomUUID().slice(0, 8)}@example.com`,
          first_name: "Pat",
          last_name: "Lee",
          role: 1,
          station_spots: [{ station: a.id, agency: agency.id, fleet_groups: [fg.id] }],
          ...over,
        });

      await t.step(
        "the list holds staff sharing a viewer's station, never drivers, with can_edit per row",
        async () => {
          const q = staffListQuery.parse({ page_size: "100" });
          const forManager = await listStaff(db, manager, q);
          const ids = forManager.results.map((r) => r.id);
          assert.ok(ids.includes(owner.id) && ids.includes(dispatcher.id) && ids.includes(manager.id));
          assert.ok(!ids.includes(farDispatcher.id), "only at a station the manager does not have");
          assert.ok(!ids.includes(driver.id), "drivers are not staff");
          assert.equal(forManager.count, forManager.results.length);
          const row = (id: number) => forManager.results.find((r) => r.id === id)!;
          assert.equal(row(owner.id).can_edit, false);
          assert.equal(row(manager.id).can_edit, false);
          assert.equal(row(dispatcher.id).can_edit, true);
          const forOwner = await listStaff(db, owner, q);
          assert.ok(forOwner.results.some((r) => r.id === farDispatcher.id));
          assert.ok(forOwner.results.every((r) => r.can_edit));
          await rejects(
            getStaff(db, manager, farDispatcher.id),
            "common.not_found",
            404,
            "Staff account not found.",
          );
          await rejects(getStaff(db, owner, driver.id), "common.not_found", 404);
        },
      );

      await t.step(
        "create: account, spots, fleet groups, reset token and outbox e-mail, all together",
        async () => {
          const i = input();
          const dto = await create(db, manager, i);
          assert.equal(dto.email, i.email);
          assert.equal(dto.has_password, false);
          assert.equal(dto.can_edit, true);
          assert.deepEqual(
            dto.station_spots.map((s) => [s.station.id, s.agency?.id, s.fleet_groups.map((g) => g.id)]),
            [
              [a.id, agency.id, [fg.id]],
            ],
          );
          const [mail] = await db.select().from(outbox).where(eq(outbox.recipient, i.email));
          assert.equal(mail.kind, "set_password");
          assert.ok(String(mail.meta.link).startsWith(`${BASE}/reset-password?token=`));
          const [token] = await db.select().from(passwordResetTokens).where(
            eq(passwordResetTokens.userId, dto.id),
          );
          const days = (token.expiresAt.getTime() - Date.now()) / 86_400_000;
          assert.ok(days > 6.9 && days <= 7, `link valid 7 days, got ${days}`);
        },
      );

      await t.step(
        "create refuses roles above or beside the rules and stations outside the actor's; writes nothing",
        async () => {
          const before = (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
          await rejects(
            create(db, manager, input({ role: 3 })),
            "staff.role_not_assignable",
            403,
            "A Manager can give only the Dispatcher and Supervisor roles.",
          );
          await rejects(
            create(db, manager, input({ role: 4 })),
            "staff.role_above_own",
            403,
            "You cannot give a role above your own (Manager).",
          );
          await rejects(
            create(db, manager, input({ station_spots: [{ station: c.id }] })),
            "spot.station_not_yours",
            403,
            new RegExp(`do not have: ${c.tag}`),
          );
          await rejects(create(db, { ...dispatcher }, input()), "staff.role_not_assignable", 403);
          await rejects(
            create(db, owner, input({ station_spots: [{ station: a.id, agency: 999_999 }] })),
            "spot.unknown_agency",
            400,
            /Unknown agency/,
          );
          await rejects(
            create(db, owner, input({ station_spots: [{ station: a.id, fleet_groups: [999_999] }] })),
            "spot.unknown_fleet_group",
            400,
            /Unknown fleet group/,
          );
          await rejects(
            create(db, owner, input({ email: dispatcher.email.toUpperCase() })),
            "staff.email_taken",
            400,
            /already exists/,
          );
          // A failure mid-write (a station deleted meanwhile) rolls the whole account back, e-mail included.
          const ghost = { ...owner, stationIds: [...owner.stationIds, 999_999] };
          const i = input({ station_spots: [{ station: 999_999 }] });
          await assert.rejects(create(db, ghost, i));
          assert.equal((await db.select().from(outbox).where(eq(outbox.recipient, i.email))).length, 0);
          const after = (await db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
          assert.equal(after, before);
        },
      );

      await t.step("an owner creates owners and managers", async () => {
        const o = await create(db, owner, input({ role: 4 }));
        const [row] = await db.select().from(users).where(eq(users.id, o.id));
        assert.equal(row.isSuperuser, true);
        assert.equal((await create(db, owner, input({ role: 3 }))).role_name, "Manager");
      });

      await t.step(
        "update: managers edit only 1-2 and give only 1-2; spots outside their stations are kept",
        async () => {
          const target = await mk(1, [a.id, c.id]);
          const moved = await updateStaff(db, manager, target.id, {
            role: 2,
            first_name: "Moved",
            station_spots: [{ station: b.id, agency: null, fleet_groups: [fg.id] }],
          });
          assert.equal(moved.role, 2);
          assert.equal(moved.first_name, "Moved");
          assert.deepEqual(moved.station_spots.map((s) => s.station.id).sort(), [b.id, c.id].sort());
          await rejects(updateStaff(db, manager, target.id, { role: 3 }), "staff.role_not_assignable", 403);
          await rejects(
            updateStaff(db, manager, owner.id, { first_name: "X" }),
            "staff.cannot_manage",
            403,
            /cannot change Owner accounts/,
          );
          await rejects(
            updateStaff(db, manager, target.id, {
              station_spots: [{ station: c.id, agency: null, fleet_groups: [] }],
            }),
            "spot.station_not_yours",
            403,
          );
          await rejects(
            updateStaff(db, manager, farDispatcher.id, { first_name: "X" }),
            "common.not_found",
            404,
          );
          // A kept spot keeps its id; its fleet groups are replaced.
          const [spotB] = await db.select().from(stationSpots).where(
            and(eq(stationSpots.userId, target.id), eq(stationSpots.stationId, b.id)),
          );
          await updateStaff(db, manager, target.id, {
            station_spots: [{ station: b.id, agency: agency.id, fleet_groups: [] }],
          });
          const [again] = await db.select().from(stationSpots).where(
            and(eq(stationSpots.userId, target.id), eq(stationSpots.stationId, b.id)),
          );
          assert.equal(again.id, spotB.id);
          assert.equal(again.agencyId, agency.id);
          assert.equal(
            (await db.select().from(stationSpotFleetGroups).where(
              eq(stationSpotFleetGroups.spotId, spotB.id),
            )).length,
            0,
          );
        },
      );

      await t.step(
        "nobody lowers their own role; an owner may rename themselves and lower another owner",
        async () => {
          await rejects(
            updateStaff(db, owner, owner.id, { role: 3 }),
            "staff.own_role",
            400,
            "You cannot lower your own role.",
          );
          assert.equal(
            (await updateStaff(db, owner, owner.id, { first_name: "Olive", role: 4 })).first_name,
            "Olive",
          );
          const other = await mk(4, [a.id]);
          assert.equal((await updateStaff(db, owner, other.id, { role: 3 })).role, 3);
        },
      );

      await t.step("deactivate revokes every session; self is refused; reactivate restores", async () => {
        const target = await mk(2, [b.id]);
        await openSession(db, target.id);
        await openSession(db, target.id);
        await rejects(
          setStaffActive(db, owner, owner.id, false),
          "staff.own_account",
          400,
          "You cannot deactivate your own account.",
        );
        await rejects(setStaffActive(db, manager, owner.id, false), "staff.cannot_manage", 403);
        const off = await setStaffActive(db, manager, target.id, false);
        assert.equal(off.is_active, false);
        const live = await db.select().from(sessions).where(
          and(eq(sessions.userId, target.id), isNull(sessions.revokedAt)),
        );
        assert.equal(live.length, 0);
        await rejects(
          sendPasswordLink(db, manager, target.id, BASE),
          "staff.deactivated",
          400,
          /reactivate it/,
        );
        assert.equal((await setStaffActive(db, manager, target.id, true)).is_active, true);
        const r = await sendPasswordLink(db, manager, target.id, BASE);
        assert.match(r.detail, new RegExp(target.email.replace(".", "\\.")));
      });
    } finally {
      await h.close();
    }
  });
}

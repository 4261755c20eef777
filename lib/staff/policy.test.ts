import assert from "node:assert/strict";
import type { DomainError } from "../errors.ts";
import { assignableRoles, canManage, deactivateRefusal, manageRefusal, roleRefusal } from "./policy.ts";

/** What a refusal says: its code, kind, words and the field it names. */
const said = (e: DomainError | null) =>
  e && { code: e.code, kind: e.kind, message: e.message, fields: Object.keys(e.fields) };

const owner = { id: 1, role: 4, stationIds: [1, 2, 3] };
const manager = { id: 2, role: 3, stationIds: [1, 2] };
const supervisor = { id: 3, role: 2, stationIds: [1] };
const dispatcher = { id: 4, role: 1, stationIds: [1] };

Deno.test("assignableRoles: an owner 1-4, a manager only the roles below their own, nobody else any", () => {
  assert.deepEqual(assignableRoles(4), [1, 2, 3, 4]);
  assert.deepEqual(assignableRoles(3), [1, 2]);
  assert.deepEqual(assignableRoles(2), []);
  assert.deepEqual(assignableRoles(1), []);
  assert.deepEqual(assignableRoles(5), []);
  assert.deepEqual(assignableRoles(null), [], "a missing role counts as 1");
});

Deno.test("canManage: owners manage every staff role, managers only dispatchers and supervisors, never drivers", () => {
  for (const r of [1, 2, 3, 4]) assert.equal(canManage(owner, r), true, `owner -> ${r}`);
  assert.equal(canManage(owner, 5), false);
  assert.deepEqual([1, 2, 3, 4, 5].map((r) => canManage(manager, r)), [true, true, false, false, false]);
  assert.deepEqual([1, 2, 3, 4].map((r) => canManage(supervisor, r)), [false, false, false, false]);
  assert.deepEqual([1, 2, 3, 4].map((r) => canManage(dispatcher, r)), [false, false, false, false]);
});

Deno.test("manageRefusal names the actor's role, the target's and what they may change", () => {
  assert.equal(manageRefusal(owner, { id: 9, role: 4 }), null);
  assert.equal(manageRefusal(manager, { id: 9, role: 2 }), null);
  assert.deepEqual(said(manageRefusal(manager, { id: 9, role: 3 })), {
    code: "staff.cannot_manage",
    kind: "forbidden",
    message: "A Manager cannot change Manager accounts (only Dispatcher and Supervisor accounts).",
    fields: [],
  });
  assert.deepEqual(said(manageRefusal(supervisor, { id: 9, role: 1 })), {
    code: "staff.cannot_manage",
    kind: "forbidden",
    message: "A Supervisor cannot change Dispatcher accounts (no staff accounts).",
    fields: [],
  });
});

Deno.test("roleRefusal: nobody gives a role above their own; managers give only 1-2; nobody lowers their own", () => {
  assert.equal(roleRefusal(owner, 4, null), null);
  assert.equal(roleRefusal(owner, 3, { id: 9, role: 4 }), null, "an owner may lower another owner");
  assert.equal(roleRefusal(manager, 2, null), null);
  assert.deepEqual(said(roleRefusal(manager, 4, null)), {
    code: "staff.role_above_own",
    kind: "forbidden",
    message: "You cannot give a role above your own (Manager).",
    fields: ["role"],
  });
  assert.deepEqual(said(roleRefusal(manager, 3, null)), {
    code: "staff.role_not_assignable",
    kind: "forbidden",
    message: "A Manager can give only the Dispatcher and Supervisor roles.",
    fields: ["role"],
  });
  assert.deepEqual(said(roleRefusal(owner, 3, { id: owner.id, role: 4 })), {
    code: "staff.own_role",
    kind: "invalid",
    message: "You cannot lower your own role.",
    fields: ["role"],
  });
  assert.deepEqual(said(roleRefusal(supervisor, 1, null)), {
    code: "staff.role_not_assignable",
    kind: "forbidden",
    message: "A Supervisor cannot give roles.",
    fields: ["role"],
  });
});

Deno.test("deactivateRefusal: never oneself (400), otherwise the manage rule (403)", () => {
  assert.deepEqual(said(deactivateRefusal(owner, { id: owner.id, role: 4 })), {
    code: "staff.own_account",
    kind: "invalid",
    message: "You cannot deactivate your own account.",
    fields: [],
  });
  assert.equal(deactivateRefusal(owner, { id: 9, role: 4 }), null);
  assert.equal(deactivateRefusal(manager, { id: 9, role: 1 }), null);
  assert.equal(deactivateRefusal(manager, { id: 9, role: 4 })?.kind, "forbidden");
});

// Who may manage which staff account (issue 3 item 4). Pure: the mutations check these before writing,
// and the staff list uses canManage() for each row's can_edit, so the screen and the API agree. A refusal
// is the DomainError to throw (lib/staff/errors.ts), null when allowed.
import { effectiveRole, ROLE_NAMES, type RoleId } from "../auth/roles.ts";
import type { DomainError } from "../errors.ts";
import {
  cannotManage,
  ownAccountDeactivated,
  ownRoleLowered,
  roleAboveOwn,
  roleNotAssignable,
} from "./errors.ts";

export interface Actor {
  id: number;
  role: number;
  stationIds: readonly number[];
}
export interface TargetAccount {
  id: number;
  role: number;
}

const names = (roles: readonly RoleId[]) => {
  const n = roles.map((r) => ROLE_NAMES[r]);
  return n.length > 1 ? `${n.slice(0, -1).join(", ")} and ${n[n.length - 1]}` : n.join("");
};

/** The roles an actor may give and manage: an Owner 1-4, a Manager only the roles below their own. */
export function assignableRoles(actorRole: number | null | undefined): RoleId[] {
  const r = effectiveRole(actorRole);
  if (r === 4) return [1, 2, 3, 4];
  if (r === 3) return [1, 2];
  return [];
}

/** Whether the actor may create, edit, deactivate or reactivate an account holding this role. */
export function canManage(actor: Pick<Actor, "role">, targetRole: number): boolean {
  return (assignableRoles(actor.role) as number[]).includes(targetRole);
}

export function manageRefusal(actor: Actor, target: TargetAccount): DomainError | null {
  if (canManage(actor, target.role)) return null;
  const own = assignableRoles(actor.role);
  const what = own.length ? `only ${names(own)} accounts` : "no staff accounts";
  return cannotManage(
    `A ${ROLE_NAMES[effectiveRole(actor.role)]} cannot change ${
      ROLE_NAMES[effectiveRole(target.role)]
    } accounts (${what}).`,
  );
}

/** Giving `role` to a new account (target null) or to an existing one. */
export function roleRefusal(actor: Actor, role: number, target: TargetAccount | null): DomainError | null {
  const own = effectiveRole(actor.role);
  if (target && target.id === actor.id && role < own) return ownRoleLowered();
  if (role > own) return roleAboveOwn(ROLE_NAMES[own]);
  if (!canManage(actor, role)) {
    const allowed = assignableRoles(own);
    return roleNotAssignable(
      allowed.length
        ? `A ${ROLE_NAMES[own]} can give only the ${names(allowed)} roles.`
        : `A ${ROLE_NAMES[own]} cannot give roles.`,
    );
  }
  return null;
}

export function deactivateRefusal(actor: Actor, target: TargetAccount): DomainError | null {
  if (target.id === actor.id) return ownAccountDeactivated();
  return manageRefusal(actor, target);
}

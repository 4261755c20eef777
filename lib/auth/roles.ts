/** The role is a number on the user (decisions.md). A missing role counts as the lowest, 1. */
export const Role = { Dispatcher: 1, Supervisor: 2, Manager: 3, Owner: 4, Driver: 5 } as const;
export type RoleId = (typeof Role)[keyof typeof Role];

export const ROLE_NAMES: Record<RoleId, string> = {
  1: "Dispatcher",
  2: "Supervisor",
  3: "Manager",
  4: "Owner",
  5: "Driver",
};

/** Staff roles in rank order; drivers sit outside it (they cannot sign in to the back office). */
export const STAFF_ROLES: readonly RoleId[] = [1, 2, 3, 4];
export const MANAGEMENT: readonly RoleId[] = [2, 3, 4];
export const PRIVILEGED: readonly RoleId[] = [3, 4];
export const TOP: readonly RoleId[] = [4];

export function effectiveRole(role: number | null | undefined): RoleId {
  return role === 2 || role === 3 || role === 4 || role === 5 ? role : 1;
}

export function roleName(role: number | null | undefined): string {
  return ROLE_NAMES[effectiveRole(role)];
}

export function isStaff(role: number | null | undefined): boolean {
  return STAFF_ROLES.includes(effectiveRole(role));
}

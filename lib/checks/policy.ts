// Who may change what on the check screens (03 sections 5, 6; decisions.md "Roles"). The server enforces
// these; the screens only reflect them.
import { effectiveRole, MANAGEMENT, type RoleId } from "../auth/roles.ts";

/** The one read-only role on the check week page (decisions.md: role 1). */
export const READ_ONLY_ROLE: RoleId = 1;

/** dsb and violation per day: everyone who may open the page except the read-only role. */
export const mayEditDay = (role: number | null | undefined) => effectiveRole(role) !== READ_ONLY_ROLE;

/** whc off-target and employee satisfaction on a week row: the management roles only. */
export const mayEditWeek = (role: number | null | undefined) => MANAGEMENT.includes(effectiveRole(role));

// The refusals of staff accounts (codes `staff.*`) with the words a person reads. Who may manage whom is
// decided in policy.ts, which returns these; the station-spot refusals of the staff form are `spot.*`
// (lib/stations/errors.ts).
import { DomainError } from "../errors.ts";

export const STAFF = {
  emailTaken: "staff.email_taken",
  cannotManage: "staff.cannot_manage",
  ownRole: "staff.own_role",
  roleAboveOwn: "staff.role_above_own",
  roleNotAssignable: "staff.role_not_assignable",
  ownAccount: "staff.own_account",
  deactivated: "staff.deactivated",
} as const;

export const staffEmailTaken = (email: string) =>
  new DomainError(STAFF.emailTaken, "invalid", `A user with the e-mail ${email} already exists.`, {
    field: "email",
  });

/** The actor's role may not change accounts holding the target's role. */
export const cannotManage = (message: string) => new DomainError(STAFF.cannotManage, "forbidden", message);

export const ownRoleLowered = () =>
  new DomainError(STAFF.ownRole, "invalid", "You cannot lower your own role.", { field: "role" });

export const roleAboveOwn = (ownRoleName: string) =>
  new DomainError(
    STAFF.roleAboveOwn,
    "forbidden",
    `You cannot give a role above your own (${ownRoleName}).`,
    {
      field: "role",
    },
  );

export const roleNotAssignable = (message: string) =>
  new DomainError(STAFF.roleNotAssignable, "forbidden", message, { field: "role" });

export const ownAccountDeactivated = () =>
  new DomainError(STAFF.ownAccount, "invalid", "You cannot deactivate your own account.");

export const staffDeactivated = (firstName: string, lastName: string) =>
  new DomainError(
    STAFF.deactivated,
    "invalid",
    `${firstName} ${lastName}'s account is deactivated: reactivate it before sending a password link.`,
  );

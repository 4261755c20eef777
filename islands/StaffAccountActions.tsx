// The account actions of the staff page: the status badge, the buttons under the edit form, and the
// question asked before each action.
import type { StaffDto } from "../lib/staff/dto.ts";
import ConfirmDialog from "./ui/ConfirmDialog.tsx";
import StatusBadge, { type StatusLook } from "./ui/StatusBadge.tsx";

export type Pending = { kind: "deactivate" | "reactivate" | "link"; account: StaffDto } | null;

type AccountState = "deactivated" | "invited" | "active";
const LOOKS: Record<AccountState, StatusLook> = {
  deactivated: { label: "Deactivated", tone: "grey" },
  invited: { label: "Invited", tone: "amber" },
  active: { label: "Active", tone: "green" },
};
const stateOf = (a: StaffDto): AccountState =>
  !a.is_active ? "deactivated" : !a.has_password ? "invited" : "active";

/** Deactivated, Invited (no password chosen yet) or Active. */
export const AccountBadge = ({ a }: { a: StaffDto }) => <StatusBadge status={stateOf(a)} looks={LOOKS} />;

/** Send link, deactivate or reactivate: at the foot of the edit form, each behind a confirmation. */
export function AccountActions({ account, self, onAction }: {
  account: StaffDto;
  self: boolean;
  onAction: (kind: "deactivate" | "reactivate" | "link") => void;
}) {
  return (
    <section
      className="mt-5 rounded-md border border-slate-200 bg-slate-50 px-3 py-3"
      data-testid="account-actions"
    >
      <h3 className="text-sm font-semibold text-slate-800">Account</h3>
      <p className="mt-0.5 text-xs text-slate-500">
        {!account.is_active
          ? "Deactivated: this person cannot sign in."
          : account.has_password
          ? "Active: this person has set a password."
          : "Invited: no password chosen yet."}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {account.is_active
          ? (
            <button
              type="button"
              className="btn-secondary px-2.5 py-1.5 text-xs"
              onClick={() => onAction("link")}
            >
              Send password link
            </button>
          )
          : null}
        {account.is_active && !self
          ? (
            <button
              type="button"
              className="btn-secondary px-2.5 py-1.5 text-xs text-red-700"
              onClick={() => onAction("deactivate")}
            >
              Deactivate
            </button>
          )
          : null}
        {!account.is_active
          ? (
            <button
              type="button"
              className="btn-secondary px-2.5 py-1.5 text-xs"
              onClick={() => onAction("reactivate")}
            >
              Reactivate
            </button>
          )
          : null}
      </div>
    </section>
  );
}

/** The question before sending a link, deactivating or reactivating. */
export function AccountConfirm({ pending, busy, onClose, onConfirm }: {
  pending: Pending;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={!!pending}
      busy={busy}
      onClose={onClose}
      onConfirm={onConfirm}
      danger={pending?.kind === "deactivate"}
      title={pending?.kind === "deactivate"
        ? "Deactivate account"
        : pending?.kind === "reactivate"
        ? "Reactivate account"
        : "Send password link"}
      confirmLabel={pending?.kind === "deactivate"
        ? "Deactivate"
        : pending?.kind === "reactivate"
        ? "Reactivate"
        : "Send link"}
    >
      {pending?.kind === "deactivate"
        ? (
          <p>
            {pending.account.first_name} {pending.account.last_name}{" "}
            will be signed out everywhere at once and cannot sign in until reactivated.
          </p>
        )
        : pending?.kind === "reactivate"
        ? <p>{pending.account.first_name} {pending.account.last_name} will be able to sign in again.</p>
        : pending
        ? <p>An e-mail with a link to set a new password (valid 7 days) goes to {pending.account.email}.</p>
        : null}
    </ConfirmDialog>
  );
}

import { useEffect, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";
import UserPicker, { type Picked } from "./UserPicker.tsx";

/**
 * 'Access to old shifts' (02 sections 2, 5, 6; Owner only): grants a chosen staff account the right to
 * create and edit shifts older than two days. A user must be selected. Success toasts the server's text,
 * failure 'Server error.' (02 section 8).
 */
export default function OldShiftsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [user, setUser] = useState<Picked | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setUser(null);
      setBusy(false);
    }
  }, [open]);

  async function grant() {
    if (!user) return;
    setBusy(true);
    try {
      const res = await api<{ ok: string }>(`/api/users/${user.id}/give_access_to_create_old_shifts/`, {
        method: "POST",
        quiet: true,
      });
      toast("success", res.ok);
      onClose();
    } catch {
      toast("error", "Server error.");
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Access to old shifts"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            disabled={!user || busy}
            title={!user && !busy ? "Choose a user first" : undefined}
            onClick={grant}
            data-testid="grant-submit"
          >
            {busy ? "Granting…" : "Give access"}
          </button>
        </>
      }
    >
      <div className="space-y-3" data-testid="grant-form">
        <p className="text-sm text-slate-600">
          The chosen person can then create shifts for past dates and edit shifts older than two days,
          including rows whose DA status locks them.
        </p>
        <UserPicker id="grant-user" label="User" kind="staff" value={user} onChange={setUser} />
        {!user ? <p className="text-xs text-slate-500">Select a user to give access.</p> : null}
      </div>
    </Modal>
  );
}

import type { ReactNode } from "react";
import Modal from "./Modal.tsx";

/** A yes/no question before something that cannot be undone from the screen (delete, deactivate). */
export default function ConfirmDialog(
  { open, title, children, confirmLabel, busy, onConfirm, onClose, danger = true }: {
    open: boolean;
    title: string;
    children: ReactNode;
    confirmLabel: string;
    busy?: boolean;
    danger?: boolean;
    onConfirm: () => void;
    onClose: () => void;
  },
) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="button"
            className={danger ? "btn-danger" : "btn-primary"}
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm"
          >
            {busy ? "Working…" : confirmLabel}
          </button>
        </>
      }
    >
      <div className="text-sm text-slate-700" data-testid="confirm-text">{children}</div>
    </Modal>
  );
}

// The tracker's small dialogs: 'Duplicate Vans' and 'No Free Vans' (02 section 8), and the row delete.
import Modal from "../ui/Modal.tsx";
import { NO_FREE_VANS_TEXT } from "./types.ts";

export function DuplicateVansModal({ message, onClose }: { message: string | null; onClose: () => void }) {
  return (
    <Modal
      open={message !== null}
      title="Duplicate Vans"
      onClose={onClose}
      footer={<button type="button" className="btn-primary" onClick={onClose}>OK</button>}
    >
      <p className="text-sm text-slate-700" data-testid="duplicate-vans-text">{message}</p>
      <p className="mt-2 text-sm text-slate-500">The row keeps its previous values.</p>
    </Modal>
  );
}

export function NoFreeVansModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="No Free Vans"
      onClose={onClose}
      footer={<button type="button" className="btn-primary" onClick={onClose}>OK</button>}
    >
      <p className="text-sm text-slate-700" data-testid="no-free-vans-text">{NO_FREE_VANS_TEXT}</p>
    </Modal>
  );
}

export function DeleteRowModal({ row, busy, onCancel, onConfirm }: {
  row: { index: number; name: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal
      open={row !== null}
      title="Delete row"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onCancel}>Cancel</button>
          <button
            type="button"
            className="btn-danger"
            disabled={busy}
            onClick={onConfirm}
            data-testid="confirm-delete"
          >
            Delete
          </button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Delete row {row?.index}
        {row?.name ? ` (${row.name})` : ""}? Its van and scanners are freed for the day.
      </p>
    </Modal>
  );
}

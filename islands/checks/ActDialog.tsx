// Actions from a check week (issue 12): the DAs off target in one measure, each with 'Create action', and
// 'Create for all'. An action already made for a DA, measure and week is not made twice.
import { useState } from "react";
import type { Measure, OffName } from "../../lib/checks/dto.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

export default function ActDialog({ weekId, measure, label, names, onClose }: {
  weekId: number;
  measure: Measure | null;
  label: string;
  names: OffName[];
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  async function create(tid?: string) {
    setBusy(true);
    try {
      const r = await api<{ created: number }>("/api/actions/from-check/", {
        method: "POST",
        body: JSON.stringify({ check_week_id: weekId, measure, ...(tid ? { transporter_id: tid } : {}) }),
      });
      toast(
        "success",
        r.created ? `${r.created} action${r.created === 1 ? "" : "s"} made (see Act AMZN).` : "Already made.",
      );
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal
      open={measure !== null}
      title={`Actions for ${label}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>Close</button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={() => create()}
            data-testid="act-all"
          >
            Create for all ({names.length})
          </button>
        </>
      }
    >
      <ul className="divide-y divide-slate-100 text-sm" data-testid="act-names">
        {names.map((n) => (
          <li
            key={n.transporter_id ?? n.driver__last_name}
            className="flex items-center justify-between gap-3 py-2"
          >
            <span>
              {n.driver__first_name} {n.driver__last_name}
              {n.count !== undefined ? <span className="text-slate-500">x {n.count}</span> : null}
            </span>
            <button
              type="button"
              className="btn-secondary px-2 py-1 text-xs"
              disabled={busy || !n.transporter_id}
              onClick={() => create(n.transporter_id)}
              data-testid="act-one"
            >
              Create action
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

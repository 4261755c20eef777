// Actions from an IKEA week (/act-ikea; docs/decisions.md "IKEA pages"): no file names IKEA's off-target DAs,
// so for a measure off target the DA is picked among the station's DAs, one 'Create action' at a time.
import { useState } from "react";
import type { ActionDaDto, ActionRowDto } from "../../lib/actions/dto.ts";
import type { IkeaMeasure } from "../../lib/ikea/dto.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

export default function IkeaActDialog({ weekId, measure, label, das, onClose }: {
  weekId: number;
  measure: IkeaMeasure | null;
  label: string;
  das: ActionDaDto[];
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [da, setDa] = useState("");
  const [made, setMade] = useState<ActionRowDto[]>([]);
  async function create() {
    setBusy(true);
    try {
      const r = await api<{ created: boolean; action: ActionRowDto }>("/api/ikea-actions/from-week/", {
        method: "POST",
        body: JSON.stringify({ ikea_week_id: weekId, measure, driver_id: Number(da) }),
      });
      toast("success", r.created ? "Action made (see Act IKEA)." : "Already made.");
      if (r.created) setMade((m) => [...m, r.action]);
      setDa("");
    } finally {
      setBusy(false);
    }
  }
  const close = () => {
    setMade([]);
    setDa("");
    onClose();
  };
  return (
    <Modal
      open={measure !== null}
      title={`Actions for ${label}`}
      onClose={close}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close}>Close</button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy || !da}
            onClick={create}
            data-testid="ikea-act-create"
          >
            Create action
          </button>
        </>
      }
    >
      <label className="block text-sm">
        <span className="field-label">DA</span>
        <select
          className="field-input"
          value={da}
          onChange={(e) => setDa(e.target.value)}
          data-testid="ikea-act-da"
        >
          <option value="">Pick a DA of the station</option>
          {das.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
              {d.transporter_id ? ` (${d.transporter_id})` : ""}
            </option>
          ))}
        </select>
      </label>
      {made.length
        ? (
          <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="ikea-act-made">
            {made.map((a) => <li key={a.id} className="py-1.5">Action made for {a.driver_fullname}</li>)}
          </ul>
        )
        : (
          <p className="mt-3 text-sm text-slate-600">
            IKEA names no DA off target: pick the DA the action is for. <a href="/act-ikea">Act IKEA</a>{" "}
            lists the actions made.
          </p>
        )}
    </Modal>
  );
}

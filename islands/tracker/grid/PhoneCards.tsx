// The tracker at phone width: one card per row with what a dispatcher changes on the road (DA, van,
// status, route); a card opens an editor sheet. Each changed field is one PATCH, the same as the grid's.
import { useState } from "react";
import Drawer from "../../ui/Drawer.tsx";
import { type Rec, type RowContext, statusTone } from "../types.ts";
import { CELL_DEFS } from "./cellDefs.ts";
import { CELL_EDITS } from "./cellEdits.ts";

const TONE = { green: "tk-pill-green", amber: "tk-pill-amber", red: "tk-pill-red" } as const;
const SHEET_FIELDS = ["driver", "fleet_size", "fleet_no", "da_status", "route"] as const;
const SHEET_LABELS: Record<(typeof SHEET_FIELDS)[number], string> = {
  driver: "DA",
  fleet_size: "Fleet size (assigns a van)",
  fleet_no: "Fleet No.",
  da_status: "DA status",
  route: "Route",
};

export default function PhoneCards({ rows, ctx }: { rows: readonly Rec[]; ctx: RowContext }) {
  const [openId, setOpenId] = useState<number | null>(null);
  const open = rows.find((r) => r.id === openId) ?? null;
  return (
    <>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="tracker-cards">
        {rows.map((r, i) => (
          <li key={r.id} data-testid="tracker-card" data-record-id={r.id}>
            <button
              type="button"
              className="flex w-full items-start gap-3 px-4 py-3 text-left hover:bg-slate-50"
              onClick={() => setOpenId(r.id)}
              title={r.lock_reason ?? undefined}
            >
              <span className="w-6 pt-0.5 text-xs tabular-nums text-slate-500">{i + 1}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">
                  {CELL_DEFS.driver.text(r, ctx) || "No DA yet"}
                </span>
                <span className="block text-sm text-slate-600">
                  Van {CELL_DEFS.fleet_no.text(r, ctx) || "—"} · Route {r.route || "—"}
                </span>
              </span>
              {r.driver
                ? (
                  <span className={`tk-pill ${TONE[statusTone(r.da_status)]}`}>
                    {CELL_DEFS.da_status.text(r, ctx)}
                  </span>
                )
                : null}
            </button>
          </li>
        ))}
      </ul>
      {open ? <Sheet rec={open} ctx={ctx} onClose={() => setOpenId(null)} /> : null}
    </>
  );
}

/** The editor sheet of one row: the fields as the grid offers them, saved together. */
function Sheet({ rec, ctx, onClose }: { rec: Rec; ctx: RowContext; onClose: () => void }) {
  const initial = (id: string) => {
    const d = CELL_DEFS[id];
    return d.kind === "select" ? CELL_EDITS[id].value!(rec) : d.text(rec, ctx);
  };
  const [draft, setDraft] = useState<Record<string, string>>(
    Object.fromEntries(SHEET_FIELDS.map((f) => [f, initial(f)])),
  );
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      for (const f of SHEET_FIELDS) {
        if (draft[f] === initial(f)) continue;
        const p = CELL_EDITS[f].toPatch!(draft[f], rec, ctx);
        if (p && typeof p !== "string" && !(await ctx.patch(rec.id, p))) return;
      }
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Drawer
      open
      title={`Row: ${CELL_DEFS.driver.text(rec, ctx) || "no DA yet"}`}
      onClose={onClose}
      footer={
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            disabled={busy}
            onClick={save}
            data-testid="sheet-save"
          >
            Save
          </button>
        </div>
      }
    >
      <div className="space-y-4" data-testid="row-sheet">
        {rec.lock_reason ? <p className="text-sm text-amber-800">{rec.lock_reason}</p> : null}
        {SHEET_FIELDS.map((f) => {
          const d = CELL_DEFS[f];
          const why = d.blocked(rec, ctx);
          const id = `sheet-${f}`;
          return (
            <div key={f}>
              <label htmlFor={id} className="field-label">{SHEET_LABELS[f]}</label>
              {d.kind === "select"
                ? (
                  <select
                    id={id}
                    name={f}
                    className="field-input mt-1 w-full"
                    value={draft[f]}
                    disabled={!!why}
                    onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
                  >
                    {f === "da_status" ? null : <option value="">—</option>}
                    {CELL_EDITS[f].choices!(rec, ctx).map((o) => (
                      <option key={o.value} value={o.value}>{o.label}</option>
                    ))}
                  </select>
                )
                : (
                  <input
                    id={id}
                    name={f}
                    className="field-input mt-1 w-full"
                    value={draft[f]}
                    disabled={!!why}
                    maxLength={CELL_EDITS[f].maxLength}
                    autoComplete="off"
                    onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
                  />
                )}
              {why ? <p className="mt-1 text-xs text-slate-500">{why}</p> : null}
            </div>
          );
        })}
      </div>
    </Drawer>
  );
}

import { useState } from "react";
import type { DaDto } from "../../lib/das/dto.ts";
import { transporterId } from "../../lib/das/inputs.ts";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";

const PENCIL = "M4 20h4L19 9l-4-4L4 16zM14 6l4 4";

/** The transporter id, editable in place for roles other than 1 (03 section 2.9). */
export default function TransporterIdCell({ da, canEdit, onSaved }: {
  da: DaDto;
  canEdit: boolean;
  onSaved: (da: DaDto) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!editing) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap">
        {da.transporter_id
          ? <span className="font-mono text-xs" data-testid="da-tid">{da.transporter_id}</span>
          : <span className="text-slate-500">—</span>}
        {canEdit
          ? (
            <button
              type="button"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-brand-600"
              aria-label={`Edit transporter ID of ${da.first_name} ${da.last_name}`}
              data-testid="tid-edit"
              onClick={() => {
                setValue(da.transporter_id ?? "");
                setError(null);
                setEditing(true);
              }}
            >
              <svg
                className="h-3.5 w-3.5"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                aria-hidden="true"
              >
                <path d={PENCIL} strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
          )
          : null}
      </span>
    );
  }

  async function save(e: React.FormEvent) {
    e.preventDefault();
    const parsed = transporterId.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (parsed.data === da.transporter_id) return setEditing(false);
    setBusy(true);
    try {
      const fresh = await api<DaDto>(`/api/driver-model/${da.id}/`, {
        method: "PATCH",
        json: { transporter_id: parsed.data },
        quiet: true,
      });
      toast("success", "Driver data was changed!");
      setEditing(false);
      onSaved(fresh);
    } catch (err) {
      toast("error", "Failed to update driver status");
      if (err instanceof ApiError) {
        setError(err.fieldErrors().transporter_id ?? (err.body.detail as string) ?? null);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={save}
      className="min-w-72"
      data-testid="tid-form"
      onKeyDown={(e) => e.key === "Escape" && setEditing(false)}
    >
      <div className="flex items-center gap-1">
        <input
          className="field-input w-40 px-2 py-1 font-mono text-xs uppercase"
          value={value}
          autoFocus
          maxLength={20}
          aria-label="Transporter ID"
          aria-invalid={error ? true : undefined}
          disabled={busy}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <button type="submit" className="btn-primary px-2 py-1 text-xs" disabled={busy}>Save</button>
        <button
          type="button"
          className="btn-ghost px-2 py-1 text-xs"
          disabled={busy}
          onClick={() => setEditing(false)}
        >
          Cancel
        </button>
      </div>
      {error
        ? (
          <p className="field-error max-w-64 whitespace-normal" role="alert" data-testid="tid-error">
            {error}
          </p>
        )
        : null}
    </form>
  );
}

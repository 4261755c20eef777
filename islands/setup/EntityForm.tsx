import { useEffect, useState } from "react";
import { ENTITY_INPUTS, type EntityKey } from "../../lib/reference/inputs.ts";
import { api } from "../client/api.ts";
import Modal from "../ui/Modal.tsx";
import { type FieldDef, SECTIONS, type SetupOptions } from "./sections.tsx";
import { reportError, zodErrors } from "./feedback.ts";

/** The form's text values as the API's JSON: numeric selects as numbers ("" as null), numbers as numbers. */
function payloadOf(fields: FieldDef[], values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name] ?? "";
    if (f.kind === "number") out[f.name] = v.trim() === "" ? undefined : Number(v);
    else if (f.kind === "select" && f.numeric) out[f.name] = v === "" ? null : Number(v);
    else out[f.name] = v;
  }
  return out;
}

/** Add or edit one reference row in a dialog; the same zod schema as the API checks it first. */
export default function EntityForm({ entity, row, options, open, onClose, onSaved }: {
  entity: EntityKey;
  /** null: a new row. */
  row: any | null;
  options: SetupOptions;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: any) => void;
}) {
  const def = SECTIONS[entity];
  const fields = def.fields.filter((f) => !(row && f.createOnly));
  const [values, setValues] = useState<Record<string, string>>(() => def.toForm(row, options));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(def.toForm(row, options));
    setTouched({});
    setServer({});
    setSubmitted(false);
  }, [open, row, entity]);

  const schema = row ? ENTITY_INPUTS[entity].update : ENTITY_INPUTS[entity].create;
  const payload = payloadOf(fields, values);
  const check = schema.safeParse(payload);
  const local = check.success ? {} : zodErrors(check.error.issues);
  const errorFor = (name: string) => server[name] ?? ((touched[name] || submitted) ? local[name] : undefined);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!check.success) return;
    setBusy(true);
    // The form's own values go to the API, which parses them with the same schema (parsing twice would
    // convert the dollars to cents twice).
    try {
      const saved = row
        ? await api(`/api/setup/${entity}/${row.id}/`, { method: "PATCH", json: payload, quiet: true })
        : await api(`/api/setup/${entity}/`, { method: "POST", json: payload, quiet: true });
      onSaved(saved);
    } catch (err) {
      setServer(reportError(err));
    }
    setBusy(false);
  }

  const title = `${row ? "Edit" : "Add"} ${def.singular}`;
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      wide={fields.length > 4}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="submit"
            form="entity-form"
            className="btn-primary"
            disabled={busy}
            data-testid="entity-save"
          >
            {busy ? "Saving…" : row ? "Save" : `Add ${def.singular}`}
          </button>
        </>
      }
    >
      <form
        id="entity-form"
        noValidate
        onSubmit={submit}
        data-testid="entity-form"
        className={`grid gap-4 ${fields.length > 4 ? "sm:grid-cols-2" : ""}`}
      >
        {fields.map((f) => {
          const id = `f-${f.name}`;
          const error = errorFor(f.name);
          const common = {
            id,
            name: f.name,
            value: values[f.name] ?? "",
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-err` : f.hint ? `${id}-hint` : undefined,
            onBlur: () => setTouched((t) => ({ ...t, [f.name]: true })),
            onChange: (e: { target: { value: string } }) => {
              setValues((v) => ({ ...v, [f.name]: e.target.value }));
              setServer(({ [f.name]: _, ...rest }) => rest);
            },
          };
          return (
            <div key={f.name} className={f.wide ? "sm:col-span-2" : ""}>
              <label htmlFor={id} className="field-label">{f.label}</label>
              {f.kind === "select"
                ? (
                  <select className="field-input" {...common}>
                    {f.empty !== undefined ? <option value="">{f.empty}</option> : null}
                    {f.options!(options).map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
                  </select>
                )
                : f.kind === "textarea"
                ? <textarea className="field-input min-h-20" rows={3} {...common} />
                : (
                  <input
                    className="field-input"
                    autoComplete="off"
                    placeholder={f.placeholder}
                    type={f.kind === "number" ? "number" : "text"}
                    inputMode={f.kind === "money" ? "decimal" : undefined}
                    {...common}
                  />
                )}
              {error
                ? <p id={`${id}-err`} className="field-error" data-testid={`error-${f.name}`}>{error}</p>
                : f.hint
                ? <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">{f.hint}</p>
                : null}
            </div>
          );
        })}
      </form>
    </Modal>
  );
}

import { useEffect, useState } from "react";
import { ENTITY_INPUTS, type EntityKey } from "../../lib/reference/inputs.ts";
import { api } from "../client/api.ts";
import { useZodForm } from "../client/form.ts";
import FormModal from "../ui/FormModal.tsx";
import { type FieldDef, SECTIONS, type SetupOptions, type SetupRows } from "./sections.tsx";

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
export default function EntityForm<K extends EntityKey>({ entity, row, options, open, onClose, onSaved }: {
  entity: K;
  /** null: a new row. */
  row: SetupRows[K] | null;
  options: SetupOptions;
  open: boolean;
  onClose: () => void;
  onSaved: (saved: SetupRows[K]) => void;
}) {
  const def = SECTIONS[entity];
  const fields = def.fields.filter((f) => !(row && f.createOnly));
  const schema = row ? ENTITY_INPUTS[entity].update : ENTITY_INPUTS[entity].create;
  const form = useZodForm(schema, def.toForm(row, options), (v) => payloadOf(fields, v));
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) form.reset(def.toForm(row, options));
  }, [open, row, entity]);

  async function submit() {
    setBusy(true);
    // The form's own values go to the API, which parses them with the same schema (parsing twice would
    // convert the dollars to cents twice).
    const json = form.input;
    try {
      const saved = row
        ? await api<SetupRows[K]>(`/api/setup/${entity}/${row.id}/`, { method: "PATCH", json, quiet: true })
        : await api<SetupRows[K]>(`/api/setup/${entity}/`, { method: "POST", json, quiet: true });
      onSaved(saved);
    } catch (err) {
      form.fail(err);
    }
    setBusy(false);
  }

  const wide = fields.length > 4;
  return (
    <FormModal
      open={open}
      title={`${row ? "Edit" : "Add"} ${def.singular}`}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={row ? "Save" : `Add ${def.singular}`}
      formId="entity-form"
      testId="entity-form"
      submitTestId="entity-save"
      form={form}
      fields={fields.map((f) => ({ ...f, options: f.options?.(options) }))}
      className={`grid gap-4 ${wide ? "sm:grid-cols-2" : ""}`}
      wide={wide}
    />
  );
}

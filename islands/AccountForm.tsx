import { useEffect, useState } from "react";
import Field from "./ui/Field.tsx";
import DateInput from "./ui/DateInput.tsx";
import { api, ApiError } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import { reactIsland } from "./ui/island.ts";

const FIELDS: { name: string; label: string; type?: string }[] = [
  { name: "first_name", label: "First name" },
  { name: "last_name", label: "Last name" },
  { name: "mobile_number", label: "Mobile number", type: "tel" },
  { name: "whatsapp_mobile_number", label: "WhatsApp mobile number", type: "tel" },
  { name: "personal_email", label: "Personal e-mail", type: "email" },
  { name: "date_of_birth", label: "Date of birth", type: "date" },
  { name: "driver_license", label: "Driver licence" },
  { name: "driver_license_expiry", label: "Driver licence expiry", type: "date" },
];

/**
 * The editable half of the profile page; the profile form has no client-side validation (01 section 5).
 * A real form: posted before this script runs, routes/account.astro saves it (`notice`) or shows it again
 * with what was typed and the server's words (`refused`). Once hydrated, the API.
 */
export default function AccountForm(
  { userId, initial, refused, notice }: {
    userId: number;
    initial: Record<string, string>;
    refused?: { error: string; fields: Record<string, string>; values: Record<string, string> };
    notice?: string;
  },
) {
  const [values, setValues] = useState(refused?.values ?? initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>(refused?.fields ?? {});
  const [said, setSaid] = useState({ error: refused?.error ?? "", notice: notice ?? "" });
  const [busy, setBusy] = useState(false);
  // Until the script runs, Save stays enabled: the page's own POST is the only way to save then.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const dirty = FIELDS.some((f) => (values[f.name] ?? "") !== (saved[f.name] ?? ""));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    setSaid({ error: "", notice: "" });
    const changed = Object.fromEntries(
      FIELDS.filter((f) => values[f.name] !== saved[f.name]).map((f) => [f.name, values[f.name]]),
    );
    try {
      await api(`/api/users/${userId}/`, { method: "PATCH", json: changed });
      setSaved(values);
      toast("success", "Profile information was changed!");
    } catch (err) {
      if (err instanceof ApiError) setErrors(err.fieldErrors());
    }
    setBusy(false);
  }

  return (
    <form method="post" action="/account" onSubmit={submit} className="card p-5" data-testid="profile-form">
      <h2 className="mb-4 text-base font-semibold text-slate-900">Edit profile</h2>
      {said.error
        ? (
          <p
            role="alert"
            className="mb-4 rounded bg-red-50 p-3 text-sm text-red-800"
            data-testid="form-error"
          >
            {said.error}
          </p>
        )
        : null}
      {said.notice
        ? (
          <p
            role="status"
            className="mb-4 rounded bg-emerald-50 p-3 text-sm text-emerald-800"
            data-testid="form-notice"
          >
            {said.notice}
          </p>
        )
        : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) =>
          f.type === "date"
            ? (
              <div key={f.name}>
                <label htmlFor={`f-${f.name}`} className="field-label">{f.label}</label>
                <DateInput
                  id={`f-${f.name}`}
                  name={f.name}
                  value={values[f.name] ?? ""}
                  aria-invalid={errors[f.name] ? true : undefined}
                  aria-describedby={errors[f.name] ? `f-${f.name}-err` : undefined}
                  onChange={(iso) => setValues((v) => ({ ...v, [f.name]: iso }))}
                />
                {errors[f.name]
                  ? (
                    <p id={`f-${f.name}-err`} className="field-error" data-testid={`error-${f.name}`}>
                      {errors[f.name]}
                    </p>
                  )
                  : null}
              </div>
            )
            : (
              <Field
                key={f.name}
                label={f.label}
                name={f.name}
                type={f.type ?? "text"}
                value={values[f.name] ?? ""}
                error={errors[f.name]}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            )
        )}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={!dirty || busy}
          title={!dirty ? "Nothing changed yet" : undefined}
          onClick={() =>
            setValues(saved)}
        >
          Cancel
        </button>
        <button
          type="submit"
          className="btn-primary"
          disabled={live && (!dirty || busy)}
          title={live && !dirty ? "Nothing changed yet" : undefined}
        >
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

reactIsland(AccountForm);

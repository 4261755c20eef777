import { useState } from "react";
import Field from "./ui/Field.tsx";
import { api, ApiError } from "./client/api.ts";
import { toast } from "./client/toast.ts";

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

/** The editable half of the profile page; the profile form has no client-side validation (01 section 5). */
export default function AccountForm(
  { userId, initial }: { userId: number; initial: Record<string, string> },
) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const dirty = FIELDS.some((f) => (values[f.name] ?? "") !== (saved[f.name] ?? ""));

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErrors({});
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
    <form onSubmit={submit} className="card p-5" data-testid="profile-form">
      <h2 className="mb-4 text-base font-semibold text-slate-900">Edit profile</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            label={f.label}
            name={f.name}
            type={f.type ?? "text"}
            value={values[f.name] ?? ""}
            error={errors[f.name]}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
          />
        ))}
      </div>
      <div className="mt-5 flex justify-end gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={!dirty || busy}
          onClick={() => setValues(saved)}
        >
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={!dirty || busy}>
          {busy ? "Saving…" : "Save"}
        </button>
      </div>
    </form>
  );
}

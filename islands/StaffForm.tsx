import { type ReactNode, useEffect, useState } from "react";
import type { StaffDto } from "../lib/staff/dto.ts";
import { staffCreateInput, staffUpdateInput } from "../lib/staff/inputs.ts";
import { api } from "./client/api.ts";
import Modal from "./ui/Modal.tsx";
import Field from "./ui/Field.tsx";
import StaffSpots, { type SpotState } from "./StaffSpots.tsx";
import { reportError, zodErrors } from "./setup/feedback.ts";

export interface StaffFormOptions {
  /** Roles the viewer may give (policy.assignableRoles), with their names. */
  roles: { id: number; name: string }[];
  /** The viewer's own stations: the only ones they can give. */
  stations: { id: number; title: string; tag: string }[];
  agencies: { id: number; name: string }[];
  fleetGroups: { id: number; name: string }[];
}

const EMPTY = { first_name: "", last_name: "", email: "", mobile_number: "", role: "" };

function initialValues(a: StaffDto | null) {
  if (!a) return EMPTY;
  return {
    first_name: a.first_name,
    last_name: a.last_name,
    email: a.email,
    mobile_number: a.mobile_number ?? "",
    role: String(a.role),
  };
}
function initialSpots(a: StaffDto | null): SpotState {
  const out: SpotState = {};
  for (const s of a?.station_spots ?? []) {
    out[s.station.id] = {
      agency: s.agency ? String(s.agency.id) : "",
      fleet_groups: s.fleet_groups.map((g) => g.id),
    };
  }
  return out;
}

/** Add or edit a staff account: names, e-mail, mobile, role and station spots, validated like the API. */
export default function StaffForm({ open, account, viewerId, options, onClose, onSaved, children }: {
  open: boolean;
  /** null: a new account. */
  account: StaffDto | null;
  viewerId: number;
  options: StaffFormOptions;
  onClose: () => void;
  onSaved: (saved: StaffDto, message: string) => void;
  /** Shown under the form: the account actions of an existing account. */
  children?: ReactNode;
}) {
  const [values, setValues] = useState(initialValues(account));
  const [spots, setSpots] = useState<SpotState>(initialSpots(account));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues(initialValues(account));
    setSpots(initialSpots(account));
    setErrors({});
    setSubmitted(false);
  }, [open, account]);

  const self = account?.id === viewerId;
  const mine = new Set(options.stations.map((s) => s.id));
  const payload = () => ({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    mobile_number: values.mobile_number || null,
    role: values.role === "" ? undefined : Number(values.role),
    station_spots: options.stations.filter((s) => spots[s.id]).map((s) => ({
      station: s.id,
      agency: spots[s.id].agency ? Number(spots[s.id].agency) : null,
      fleet_groups: spots[s.id].fleet_groups,
    })),
  });
  const schema = account ? staffUpdateInput : staffCreateInput;
  const body = payload();
  const check = schema.safeParse(body);
  const shown = submitted ? { ...(check.success ? {} : zodErrors(check.error.issues)), ...errors } : errors;
  const set = (name: string) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!check.success) return;
    setBusy(true);
    try {
      const saved = account
        ? await api<StaffDto>(`/api/staff/${account.id}/`, { method: "PATCH", json: body, quiet: true })
        : await api<StaffDto>("/api/staff/", { method: "POST", json: body, quiet: true });
      const name = `${saved.first_name} ${saved.last_name}`;
      onSaved(
        saved,
        account
          ? `${name}'s account was saved.`
          : `Account created for ${name}. A link to set the password was sent to ${saved.email}.`,
      );
    } catch (err) {
      setErrors(reportError(err));
    }
    setBusy(false);
  }

  const roleOptions = [...options.roles];
  if (account && !roleOptions.some((r) => r.id === account.role)) {
    roleOptions.push({ id: account.role, name: account.role_name });
  }
  const elsewhere = (account?.station_spots ?? []).filter((s) => !mine.has(s.station.id));

  return (
    <Modal
      open={open}
      wide
      title={account ? `Edit ${account.first_name} ${account.last_name}` : "Add staff account"}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="submit"
            form="staff-form"
            className="btn-primary"
            disabled={busy}
            data-testid="staff-save"
          >
            {busy ? "Saving…" : account ? "Save" : "Create and send link"}
          </button>
        </>
      }
    >
      <form id="staff-form" onSubmit={submit} noValidate className="space-y-5" data-testid="staff-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            name="first_name"
            value={values.first_name}
            onChange={set("first_name")}
            error={shown.first_name}
            autoComplete="off"
          />
          <Field
            label="Last name"
            name="last_name"
            value={values.last_name}
            onChange={set("last_name")}
            error={shown.last_name}
            autoComplete="off"
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            value={values.email}
            onChange={set("email")}
            error={shown.email}
            autoComplete="off"
          />
          <Field
            label="Mobile number"
            name="mobile_number"
            type="tel"
            value={values.mobile_number}
            onChange={set("mobile_number")}
            error={shown.mobile_number}
            autoComplete="off"
          />
          <div>
            <label htmlFor="f-role" className="field-label">Role</label>
            <select
              id="f-role"
              name="role"
              className="field-input"
              value={values.role}
              onChange={set("role")}
              disabled={self}
              aria-invalid={shown.role ? true : undefined}
            >
              <option value="">Choose a role…</option>
              {roleOptions.map((r) => <option key={r.id} value={r.id}>{r.name}</option>)}
            </select>
            {shown.role ? <p className="field-error" data-testid="error-role">{shown.role}</p> : null}
            {self ? <p className="mt-1 text-xs text-slate-500">You cannot change your own role.</p> : null}
          </div>
        </div>
        <StaffSpots
          stations={options.stations}
          agencies={options.agencies}
          fleetGroups={options.fleetGroups}
          value={spots}
          onChange={(s) => {
            setSpots(s);
            setErrors(({ station_spots: _, ...rest }) => rest);
          }}
          error={shown.station_spots}
        />
        {elsewhere.length > 0
          ? (
            <p className="text-xs text-slate-500" data-testid="spots-elsewhere">
              Also at{" "}
              {elsewhere.map((s) => s.station.tag).join(", ")}: outside your stations, kept as they are.
            </p>
          )
          : null}
        {!account
          ? (
            <p className="rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-900">
              No password is set here: the person receives an e-mail with a link (valid 7 days) to choose
              their own.
            </p>
          )
          : null}
      </form>
      {children}
    </Modal>
  );
}

import { type ReactNode, useEffect, useState } from "react";
import type { StaffDto } from "../lib/staff/dto.ts";
import { staffCreateInput, staffUpdateInput } from "../lib/staff/inputs.ts";
import { api } from "./client/api.ts";
import { useZodForm } from "./client/form.ts";
import FormModal from "./ui/FormModal.tsx";
import FormField, { type FieldSpec, RequiredMark } from "./ui/FormField.tsx";
import StaffSpots, { type SpotState } from "./StaffSpots.tsx";

export interface StaffFormOptions {
  /** Roles the viewer may give (policy.assignableRoles), with their names. */
  roles: { id: number; name: string }[];
  /** The viewer's own stations: the only ones they can give. */
  stations: { id: number; title: string; tag: string }[];
  agencies: { id: number; name: string }[];
  fleetGroups: { id: number; name: string }[];
}

const EMPTY = { first_name: "", last_name: "", email: "", mobile_number: "", role: "" };

function initialValues(a: StaffDto | null): Record<string, string> {
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

const FIELDS: FieldSpec[] = [
  { name: "first_name", label: "First name", kind: "text" },
  { name: "last_name", label: "Last name", kind: "text" },
  { name: "email", label: "E-mail", kind: "email" },
  { name: "mobile_number", label: "Mobile number", kind: "tel" },
];

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
  const [spots, setSpots] = useState<SpotState>(initialSpots(account));
  const [busy, setBusy] = useState(false);
  const form = useZodForm(account ? staffUpdateInput : staffCreateInput, initialValues(account), (v) => ({
    first_name: v.first_name,
    last_name: v.last_name,
    email: v.email,
    mobile_number: v.mobile_number || null,
    role: v.role === "" ? undefined : Number(v.role),
    station_spots: options.stations.filter((s) => spots[s.id]).map((s) => ({
      station: s.id,
      agency: spots[s.id].agency ? Number(spots[s.id].agency) : null,
      fleet_groups: spots[s.id].fleet_groups,
    })),
  }));

  useEffect(() => {
    if (!open) return;
    form.reset(initialValues(account));
    setSpots(initialSpots(account));
  }, [open, account]);

  async function submit() {
    setBusy(true);
    try {
      const saved = account
        ? await api<StaffDto>(`/api/staff/${account.id}/`, { method: "PATCH", json: form.input, quiet: true })
        : await api<StaffDto>("/api/staff/", { method: "POST", json: form.input, quiet: true });
      const name = `${saved.first_name} ${saved.last_name}`;
      onSaved(
        saved,
        account
          ? `${name}'s account was saved.`
          : `Account created for ${name}. A link to set the password was sent to ${saved.email}.`,
      );
    } catch (err) {
      form.fail(err);
    }
    setBusy(false);
  }

  const self = account?.id === viewerId;
  const mine = new Set(options.stations.map((s) => s.id));
  const roleOptions = [...options.roles];
  if (account && !roleOptions.some((r) => r.id === account.role)) {
    roleOptions.push({ id: account.role, name: account.role_name });
  }
  const role: FieldSpec = {
    name: "role",
    label: "Role",
    kind: "select",
    empty: "Choose a role…",
    options: roleOptions.map((r) => ({ value: String(r.id), label: r.name })),
    disabled: self,
    hint: self ? "You cannot change your own role." : undefined,
  };
  // Errors show once a submit was tried (not on leaving a field), then until the field changes.
  const field = (spec: FieldSpec) => (
    <FormField
      key={spec.name}
      spec={spec}
      bind={{ ...form.bind(spec.name), onBlur: undefined }}
      error={form.errorFor(spec.name)}
      required={!spec.disabled && form.required(spec.name)}
    />
  );
  const elsewhere = (account?.station_spots ?? []).filter((s) => !mine.has(s.station.id));

  return (
    <FormModal
      open={open}
      wide
      title={account ? `Edit ${account.first_name} ${account.last_name}` : "Add staff account"}
      onClose={onClose}
      onSubmit={submit}
      busy={busy}
      submitLabel={account ? "Save" : "Create and send link"}
      formId="staff-form"
      testId="staff-form"
      submitTestId="staff-save"
      form={form}
      className="space-y-5"
      after={children}
    >
      <p className="text-xs text-slate-600">
        Fields marked <RequiredMark /> are required.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(field)}
        {field(role)}
      </div>
      <StaffSpots
        stations={options.stations}
        agencies={options.agencies}
        fleetGroups={options.fleetGroups}
        value={spots}
        onChange={(s) => {
          setSpots(s);
          form.clearServer("station_spots");
        }}
        error={form.errorFor("station_spots")}
      />
      {elsewhere.length > 0
        ? (
          <p className="text-xs text-slate-500" data-testid="spots-elsewhere">
            Also at {elsewhere.map((s) => s.station.tag).join(", ")}: outside your stations, kept as they are.
          </p>
        )
        : null}
      {!account
        ? (
          <p className="rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-900">
            No password is set here: the person receives an e-mail with a link (valid 7 days) to choose their
            own.
          </p>
        )
        : null}
    </FormModal>
  );
}

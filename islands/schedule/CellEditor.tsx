// One person's day (manual mode): available, role, hours, helper-of and start time. The role options, the
// hours field and the Save button follow lib/schedule/policy.ts, the very rules the server applies on save.
import { useMemo, useState } from "react";
import FormModal from "../ui/FormModal.tsx";
import { api, ApiError } from "../client/api.ts";
import type { ScheduleWeekDto } from "../../lib/schedule/dto.ts";
import {
  type DayEntry,
  HELPER_ROLE,
  helperCandidates,
  hoursRequired,
  normaliseDraft,
  type ReportDraft,
  reportRefusal,
  roleOptions,
  startTimeOrDefault,
} from "../../lib/schedule/policy.ts";
import { entryHours, hoursEditable, hoursText } from "../../lib/schedule/calc.ts";
import { SCHEDULE_WORDS, type ScheduleCode } from "../../lib/schedule/errors.ts";
import { formatDate } from "../../lib/dates/format.ts";
import type { CellRef } from "./ScheduleGrid.tsx";

function dayOf(data: ScheduleWeekDto, date: string): DayEntry[] {
  return data.day_entries.filter((e) => e.schedule_date === date).map((e) => ({
    userId: e.user_id,
    userRole: e.user_role,
    role: e.role,
    isAvailable: e.is_available,
    helperOfId: e.helper_of,
  }));
}

export default function CellEditor({ cell, data, viewerRole, onClose, onSaved }: {
  cell: CellRef;
  data: ScheduleWeekDto;
  viewerRole: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const e = cell.entry;
  const [available, setAvailable] = useState(e ? e.is_available : true);
  const [role, setRole] = useState<number | null>(e?.role ?? null);
  const [hours, setHours] = useState(e && hoursEditable(e.role) ? e.role_hours : "");
  const [helperOf, setHelperOf] = useState<number | null>(e?.helper_of ?? null);
  const [start, setStart] = useState(startTimeOrDefault(e?.shift_start_time));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const day = useMemo(() => dayOf(data, cell.date), [data, cell.date]);
  const names = new Map(data.day_entries.map((x) => [x.user_id, x.name]));
  const candidates = helperCandidates(day, cell.person.id);
  const options = roleOptions(day, cell.person.id, role === HELPER_ROLE ? helperOf : null);

  const draft: ReportDraft = normaliseDraft({
    date: cell.date,
    user_id: cell.person.id,
    is_available: available,
    role: available ? role : null,
    role_hours: hours === "" ? null : Number(hours),
    helper_of: helperOf,
    shift_start_time: start || null,
  });
  const refusal: ScheduleCode | null = reportRefusal(draft, { today: data.today, viewerRole, day });
  const helpedHours = Number(
    data.data_list.find((p) => p.id === helperOf)?.reports
      .find((r) => r?.schedule_date === cell.date)?.role_hours ?? 0,
  );
  const shownHours = hoursEditable(role) ? hours : hoursText(entryHours(role, null, helpedHours));

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await api("/api/schedule/create_or_update_report/", {
        method: "POST",
        json: { ...draft, station: data.station.id },
        quiet: true,
      });
      onSaved();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "Something was wrong!");
    }
    setBusy(false);
  }

  return (
    <FormModal
      open
      title={`${cell.person.first_name} ${cell.person.last_name} · ${formatDate(cell.date)}`}
      onClose={onClose}
      onSubmit={() => void save()}
      busy={busy}
      canSubmit={refusal === null}
      submitLabel="Save"
      formId="schedule-cell-form"
      testId="schedule-editor"
      submitTestId="schedule-save"
      className="grid gap-4 sm:grid-cols-2"
    >
      <label className="flex items-center gap-2 sm:col-span-2">
        <input
          type="checkbox"
          checked={available}
          onChange={(ev) => setAvailable(ev.target.checked)}
          data-testid="field-available"
        />
        <span className="text-sm font-medium text-slate-700">Available</span>
      </label>
      <label className="flex flex-col">
        <span className="field-label">Role</span>
        <select
          className="field-input"
          value={role ?? ""}
          disabled={!available}
          onChange={(ev) => {
            const r = ev.target.value === "" ? null : Number(ev.target.value);
            setRole(r);
            if (r !== HELPER_ROLE) setHelperOf(null);
            if (!hoursEditable(r)) setHours("");
          }}
          data-testid="field-role"
        >
          <option value="">No role</option>
          {options.map((o) => (
            <option key={o.id} value={o.id} disabled={o.refusal !== null && o.id !== role}>
              {o.name}
              {o.refusal ? " (taken)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="field-label">Hours{hoursRequired(role) ? " *" : ""}</span>
        <input
          className="field-input"
          type="number"
          min="0"
          max="24"
          step="0.25"
          value={shownHours}
          disabled={!available || !hoursEditable(role)}
          onChange={(ev) => setHours(ev.target.value)}
          data-testid="field-hours"
        />
      </label>
      {role === HELPER_ROLE && (
        <label className="flex flex-col">
          <span className="field-label">Helper of *</span>
          <select
            className="field-input"
            value={helperOf ?? ""}
            onChange={(ev) => setHelperOf(ev.target.value === "" ? null : Number(ev.target.value))}
            data-testid="field-helper-of"
          >
            <option value="">Choose a driver</option>
            {candidates.map((c) => <option key={c.userId} value={c.userId}>{names.get(c.userId)}</option>)}
          </select>
          {candidates.length === 0 && (
            <span className="mt-1 text-xs text-slate-500">
              No driver with a Standard or Flex day is free to help.
            </span>
          )}
        </label>
      )}
      <label className="flex flex-col">
        <span className="field-label">Shift start{available ? " *" : ""}</span>
        <input
          className="field-input"
          type="time"
          value={available ? start : ""}
          disabled={!available}
          onChange={(ev) => setStart(ev.target.value)}
          data-testid="field-start"
        />
      </label>
      {(refusal || error) && (
        <p className="field-error sm:col-span-2" role="alert" data-testid="editor-error">
          {error ?? SCHEDULE_WORDS[refusal!]}
        </p>
      )}
    </FormModal>
  );
}

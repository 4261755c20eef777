import { useEffect, useState } from "react";
import { BOARD_FILTER_KEYS, digitsOnly } from "../../lib/shifts/board/calc.ts";
import { MONTH_LABELS } from "../../lib/dates/format.ts";
import DateInput from "../ui/DateInput.tsx";
import Drawer from "../ui/Drawer.tsx";
import UserPicker, { type Picked } from "./UserPicker.tsx";
import type { FilterOptions } from "./filters.ts";

type Draft = Record<string, string>;
const PEOPLE = ["created_by", "edited_by", "driver"] as const;

function pickedOf(draft: Draft, labels: Record<string, string>, key: string): Picked | null {
  const id = draft[key];
  return id ? { id: Number(id), label: labels[id] ?? `#${id}` } : null;
}

/** The filters drawer (02 section 2): every board filter, applied together; names of picked people kept. */
export default function FiltersDrawer({ open, query, labels, options, onApply, onClose }: {
  open: boolean;
  query: Record<string, string>;
  labels: Record<string, string>;
  options: FilterOptions;
  onApply: (patch: Record<string, string>, labels: Record<string, string>) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<Draft>({});
  const [names, setNames] = useState<Record<string, string>>(labels);
  useEffect(() => {
    if (!open) return;
    setDraft(Object.fromEntries(BOARD_FILTER_KEYS.map((k) => [k, query[k] ?? ""])));
    setNames(labels);
  }, [open]);

  const set = (key: string, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const bind = (key: string) => ({
    id: `flt-${key}`,
    value: draft[key] ?? "",
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });
  const day = (key: string) => ({
    id: `flt-${key}`,
    value: draft[key] ?? "",
    onChange: (iso: string) => set(key, iso),
    testId: `flt-${key}`,
  });
  const digits = (key: string) => ({
    ...bind(key),
    inputMode: "numeric" as const,
    onChange: (e: { target: { value: string } }) => set(key, digitsOnly(e.target.value)),
  });
  const badRange = !!draft.date_from && !!draft.date_to && draft.date_from > draft.date_to;
  const badWeek = !!draft.week_number && (Number(draft.week_number) < 1 || Number(draft.week_number) > 53);
  const badYear = !!draft.year && (Number(draft.year) < 2000 || Number(draft.year) > 2100);

  const label = (key: string, text: string) => (
    <label htmlFor={`flt-${key}`} className="field-label">{text}</label>
  );
  return (
    <Drawer
      open={open}
      title="Filters"
      onClose={onClose}
      footer={
        <>
          <button
            type="button"
            className="btn-ghost mr-auto"
            data-testid="filters-clear-all"
            onClick={() => setDraft(Object.fromEntries(BOARD_FILTER_KEYS.map((k) => [k, ""])))}
          >
            Clear all
          </button>
          <button type="button" className="btn-secondary" onClick={onClose}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            disabled={badRange || badWeek || badYear}
            title={badRange || badWeek || badYear ? "Correct the marked filter first" : undefined}
            data-testid="filters-apply"
            onClick={() => onApply(draft, names)}
          >
            Apply
          </button>
        </>
      }
    >
      <div data-testid="filters-drawer" className="space-y-4">
        <div>
          {label("station", "Station")}
          <select className="field-input" {...bind("station")}>
            <option value="">{options.stations.length > 1 ? "All my stations" : "My station"}</option>
            {options.stations.map((s) => <option key={s.id} value={s.id}>{s.tag} · {s.title}</option>)}
          </select>
        </div>
        <div>
          {label("date_shift", "Shift date")}
          <DateInput {...day("date_shift")} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            {label("date_from", "Date from")}
            <DateInput {...day("date_from")} />
          </div>
          <div>
            {label("date_to", "Date to")}
            <DateInput aria-invalid={badRange || undefined} {...day("date_to")} />
          </div>
          {badRange
            ? <p className="field-error col-span-2">'Date to' must be on or after 'Date from'.</p>
            : null}
        </div>
        <div className="grid grid-cols-3 gap-3">
          <div>
            {label("month", "Month")}
            <select className="field-input" {...bind("month")}>
              <option value="">Any</option>
              {MONTH_LABELS.map((m, i) => <option key={m} value={i + 1}>{m}</option>)}
            </select>
          </div>
          <div>
            {label("year", "Year")}
            <input
              type="text"
              maxLength={4}
              placeholder="Any"
              className="field-input"
              aria-invalid={badYear || undefined}
              {...digits("year")}
            />
          </div>
          <div>
            {label("week_number", "Week")}
            <input
              type="text"
              maxLength={2}
              placeholder="1–53"
              className="field-input"
              aria-invalid={badWeek || undefined}
              {...digits("week_number")}
            />
          </div>
          {badWeek || badYear
            ? (
              <p className="field-error col-span-3">
                {badWeek ? "Week runs from 1 to 53." : "Use a year from 2000 to 2100."}
              </p>
            )
            : null}
        </div>
        <div>
          {label("created_date", "Created date")}
          <DateInput {...day("created_date")} />
        </div>
        {PEOPLE.map((key) => (
          <UserPicker
            key={key}
            id={`flt-${key}`}
            label={key === "created_by"
              ? "Created by"
              : key === "edited_by"
              ? "Edited by"
              : "DA (on any row)"}
            kind={key === "driver" ? "driver" : "staff"}
            value={pickedOf(draft, names, key)}
            onChange={(v) => {
              set(key, v ? String(v.id) : "");
              if (v) setNames((n) => ({ ...n, [String(v.id)]: v.label }));
            }}
          />
        ))}
        <div className="grid grid-cols-2 gap-3">
          <div>
            {label("fleet_number", "Fleet number")}
            <input
              type="text"
              className="field-input"
              placeholder="Van or fleet No."
              {...bind("fleet_number")}
            />
          </div>
          <div>
            {label("fleet_size", "Fleet size")}
            <select className="field-input" {...bind("fleet_size")}>
              <option value="">Any</option>
              {options.fleetSizes.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
            </select>
          </div>
        </div>
        <div>
          {label("fleet_group", "Fleet group")}
          <select className="field-input" {...bind("fleet_group")}>
            <option value="">Any</option>
            {options.fleetGroups.map((o) => <option key={o.id} value={o.id}>{o.name}</option>)}
          </select>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            {label("rabbit_number", "Rabbit number")}
            <input type="text" className="field-input" placeholder="Serial" {...bind("rabbit_number")} />
          </div>
          <div>
            {label("dolly_number", "Dolly number")}
            <input type="text" className="field-input" placeholder="Serial" {...bind("dolly_number")} />
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={draft.missing === "true"}
            onChange={(e) => set("missing", e.target.checked ? "true" : "")}
            data-testid="flt-missing"
          />
          Only reports with missing packages
        </label>
      </div>
    </Drawer>
  );
}

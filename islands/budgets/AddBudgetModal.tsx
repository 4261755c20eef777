import { useEffect, useRef, useState } from "react";
import type { BudgetDto } from "../../lib/budgets/dto.ts";
import { BUDGET_NUMBERS } from "../../lib/budgets/inputs.ts";
import { monthInputValue, type MonthOf, parseMonthInput, takenStations } from "../../lib/budgets/policy.ts";
import { budgetInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly } from "../../lib/shifts/board/calc.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Modal from "../ui/Modal.tsx";

interface StationOption {
  id: number;
  tag: string;
  title: string;
}

const EMPTY = Object.fromEntries(BUDGET_NUMBERS.map((n) => [n.key, ""])) as Record<string, string>;

/**
 * Add budget (02 section 5): station, month and year (one month input), and the four numbers, all above 0
 * for Add to enable. Stations that already have a budget for the chosen month are disabled.
 */
export default function AddBudgetModal({ open, onClose, onAdded, stations, currentMonth }: {
  open: boolean;
  onClose: () => void;
  onAdded: (b: BudgetDto) => void;
  stations: StationOption[];
  currentMonth: MonthOf;
}) {
  const [station, setStation] = useState("");
  const [month, setMonth] = useState(monthInputValue(currentMonth));
  const [numbers, setNumbers] = useState<Record<string, string>>(EMPTY);
  const [taken, setTaken] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [stationError, setStationError] = useState<string | null>(null);
  const seq = useRef(0);

  async function lookUp(value: string) {
    const mine = ++seq.current;
    const m = parseMonthInput(value);
    if (!m) return setTaken(new Set());
    try {
      const res = await api<{ results: BudgetDto[] }>(
        `/api/budget/?month=${m.month}&year=${m.year}&page_size=100`,
        { quiet: true },
      );
      if (mine === seq.current) setTaken(takenStations(res.results, m));
    } catch {
      if (mine === seq.current) setTaken(new Set());
    }
  }

  useEffect(() => {
    if (!open) return;
    const first = monthInputValue(currentMonth);
    setStation("");
    setMonth(first);
    setNumbers(EMPTY);
    setBusy(false);
    setStationError(null);
    lookUp(first);
  }, [open]);

  const m = parseMonthInput(month);
  const body = {
    station: Number(station),
    month: m?.month,
    year: m?.year,
    ...Object.fromEntries(
      BUDGET_NUMBERS.map((n) => [n.key, numbers[n.key] === "" ? 0 : Number(numbers[n.key])]),
    ),
  };
  const parsed = budgetInput.safeParse(body);
  const isTaken = station !== "" && taken.has(Number(station));
  const canAdd = parsed.success && !isTaken && !busy;

  async function add(e: React.FormEvent) {
    e.preventDefault();
    if (!canAdd) return;
    setBusy(true);
    try {
      const b = await api<BudgetDto>("/api/budget/", { method: "POST", json: parsed.data, quiet: true });
      toast("success", "Budget was added!");
      onAdded(b);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      const detail = typeof err.body.detail === "string" ? err.body.detail : null;
      if (err.status === 400 && Array.isArray(err.body.station)) {
        setStationError(String(err.body.station[0]));
        setTaken((t) => new Set(t).add(Number(station)));
      }
      if (detail && err.status < 500) toast("error", detail);
      else notifyError(err);
    }
  }

  return (
    <Modal
      open={open}
      title="Add budget"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="submit"
            form="add-budget"
            className="btn-primary"
            disabled={!canAdd}
            data-testid="budget-add-submit"
          >
            {busy ? "Adding…" : "Add"}
          </button>
        </>
      }
    >
      <form id="add-budget" onSubmit={add} noValidate className="space-y-4" data-testid="budget-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="ab-month" className="field-label">Month and year</label>
            <input
              id="ab-month"
              type="month"
              className="field-input"
              value={month}
              required
              aria-invalid={!m || undefined}
              onChange={(e) => {
                setMonth(e.target.value);
                setStationError(null);
                lookUp(e.target.value);
              }}
            />
            {!m ? <p className="field-error">Month and year are required.</p> : null}
          </div>
          <div>
            <label htmlFor="ab-station" className="field-label">Station</label>
            <select
              id="ab-station"
              className="field-input"
              value={station}
              required
              aria-invalid={isTaken || undefined}
              onChange={(e) => {
                setStation(e.target.value);
                setStationError(null);
              }}
            >
              <option value="">Choose a station…</option>
              {stations.map((s) => (
                <option key={s.id} value={s.id} disabled={taken.has(s.id)}>
                  {s.tag} · {s.title}
                  {taken.has(s.id) ? " (has a budget)" : ""}
                </option>
              ))}
            </select>
            {isTaken
              ? (
                <p className="field-error" data-testid="ab-station-error">
                  {stationError ?? "This station already has a budget for that month."}
                </p>
              )
              : null}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {BUDGET_NUMBERS.map((n) => (
            <div key={n.key}>
              <label htmlFor={`ab-${n.key}`} className="field-label">{n.label}</label>
              <input
                id={`ab-${n.key}`}
                type="text"
                inputMode="numeric"
                className="field-input text-right tabular-nums"
                placeholder="0"
                value={numbers[n.key]}
                onChange={(e) => setNumbers((v) => ({ ...v, [n.key]: digitsOnly(e.target.value) }))}
              />
            </div>
          ))}
        </div>
        <p className="text-xs text-slate-500">All four numbers must be more than 0.</p>
      </form>
    </Modal>
  );
}

import { useEffect, useState } from "react";
import type { BudgetDto } from "../../lib/budgets/dto.ts";
import type { StationDto } from "../../lib/stations/dto.ts";
import { BUDGET_NUMBERS } from "../../lib/budgets/inputs.ts";
import {
  isCurrentMonth,
  monthInputValue,
  type MonthOf,
  parseMonthInput,
  takenStations,
} from "../../lib/budgets/policy.ts";
import { budgetInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly } from "../../lib/shifts/board/calc.ts";
import { BUDGET } from "../../lib/budgets/errors.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import FormModal from "../ui/FormModal.tsx";
import { StationSelect, useTakenStations } from "../board/taken.tsx";

const EMPTY = Object.fromEntries(BUDGET_NUMBERS.map((n) => [n.key, ""])) as Record<string, string>;

/** The stations with a budget that counts for the month (for the current month: any up to it). */
async function budgetsOf(m: MonthOf, current: MonthOf): Promise<Map<number, number>> {
  const upTo = isCurrentMonth(m, current) ? "&up_to=1" : "";
  const res = await api<{ results: BudgetDto[] }>(
    `/api/budget/?month=${m.month}&year=${m.year}${upTo}&page_size=100`,
    { quiet: true },
  );
  return new Map([...takenStations(res.results, m, current)].map((id) => [id, 0]));
}

/**
 * Add budget (02 section 5): station, month and year (one month input), and the four numbers, all above 0
 * for Add to enable. Stations that already have a budget for the chosen month are disabled; for the
 * current month, a budget of any earlier month counts too.
 */
export default function AddBudgetModal({ open, onClose, onAdded, stations, currentMonth }: {
  open: boolean;
  onClose: () => void;
  onAdded: (b: BudgetDto) => void;
  stations: StationDto[];
  currentMonth: MonthOf;
}) {
  const [station, setStation] = useState("");
  const [month, setMonth] = useState(monthInputValue(currentMonth));
  const [numbers, setNumbers] = useState<Record<string, string>>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [stationError, setStationError] = useState<string | null>(null);
  const budgets = useTakenStations((value) => {
    const m = parseMonthInput(value);
    return m ? budgetsOf(m, currentMonth) : null;
  });

  useEffect(() => {
    if (!open) return;
    const first = monthInputValue(currentMonth);
    setStation("");
    setMonth(first);
    setNumbers(EMPTY);
    setBusy(false);
    setStationError(null);
    budgets.lookUp(first);
  }, [open]);

  const m = parseMonthInput(month);
  const parsed = budgetInput.safeParse({
    station: Number(station),
    month: m?.month,
    year: m?.year,
    ...Object.fromEntries(
      BUDGET_NUMBERS.map((n) => [n.key, numbers[n.key] === "" ? 0 : Number(numbers[n.key])]),
    ),
  });
  const isTaken = station !== "" && budgets.taken.has(Number(station));

  async function add() {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const b = await api<BudgetDto>("/api/budget/", { method: "POST", json: parsed.data, quiet: true });
      toast("success", "Budget was added!");
      onAdded(b);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return;
      const detail = typeof err.body.detail === "string" ? err.body.detail : null;
      if (
        (err.code === BUDGET.duplicate || err.code === BUDGET.earlierBudget) &&
        Array.isArray(err.body.station)
      ) {
        setStationError(String(err.body.station[0]));
        budgets.mark(Number(station));
      }
      if (detail && err.status < 500) toast("error", detail);
      else notifyError(err);
    }
  }

  return (
    <FormModal
      open={open}
      title="Add budget"
      onClose={onClose}
      onSubmit={add}
      busy={busy}
      canSubmit={parsed.success && !isTaken}
      submitLabel="Add"
      busyLabel="Adding…"
      formId="add-budget"
      testId="budget-form"
      submitTestId="budget-add-submit"
    >
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
              budgets.lookUp(e.target.value);
            }}
          />
          {!m ? <p className="field-error">Month and year are required.</p> : null}
        </div>
        <StationSelect
          id="ab-station"
          value={station}
          stations={stations}
          taken={budgets.taken}
          takenNote=" (has a budget)"
          invalid={isTaken}
          onChange={(v) => {
            setStation(v);
            setStationError(null);
          }}
          message={isTaken
            ? (
              <p className="field-error" data-testid="ab-station-error">
                {stationError ?? "This station already has a budget that counts for that month."}
              </p>
            )
            : null}
        />
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
    </FormModal>
  );
}

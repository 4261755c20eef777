import type { BudgetDto } from "../../lib/budgets/dto.ts";
import { BUDGET_NUMBERS } from "../../lib/budgets/inputs.ts";
import { formatMonthYear } from "../../lib/dates/format.ts";
import BudgetCell from "./BudgetCell.tsx";

interface Props {
  rows: BudgetDto[];
  onSaved: (b: BudgetDto) => void;
  onDelete: (b: BudgetDto) => void;
}

function Month({ b }: { b: BudgetDto }) {
  return (
    <>
      {formatMonthYear(b.month, b.year)}
      {b.editable
        ? (
          <span className="ml-2 rounded bg-emerald-50 px-1.5 py-0.5 text-[10px] font-semibold uppercase text-emerald-700">
            Current
          </span>
        )
        : null}
    </>
  );
}

const Tag = ({ b }: { b: BudgetDto }) => (
  <span
    className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
    title={b.station.title}
  >
    {b.station.tag}
  </span>
);

function Delete({ b, onDelete }: { b: BudgetDto; onDelete: (b: BudgetDto) => void }) {
  return (
    <button
      type="button"
      className="btn-ghost px-2 py-1 text-xs text-red-700 hover:bg-red-50"
      onClick={() => onDelete(b)}
      aria-label={`Delete the ${b.station.tag} budget of ${formatMonthYear(b.month, b.year)}`}
      data-testid="budget-delete"
    >
      Delete
    </button>
  );
}

/** Budgets: a table from 768 px, cards with the four numbers in a row below it. */
export default function BudgetTable({ rows, onSaved, onDelete }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="data-table [&_td]:align-middle" data-testid="budget-table">
          <thead>
            <tr>
              <th>Month-year</th>
              <th>Station</th>
              {BUDGET_NUMBERS.map((n) => <th key={n.key} className="text-right">{n.label}</th>)}
              <th className="w-12">
                <span className="sr-only">Delete</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((b) => (
              <tr key={b.id} data-testid="budget-row" data-budget-id={b.id}>
                <td className="whitespace-nowrap font-medium" data-testid="budget-month">
                  <Month b={b} />
                </td>
                <td>
                  <Tag b={b} />
                </td>
                {BUDGET_NUMBERS.map((n) => (
                  <td key={n.key} className="text-right">
                    <BudgetCell budget={b} field={n.key} label={n.label} onSaved={onSaved} />
                  </td>
                ))}
                <td className="text-right">
                  <Delete b={b} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" data-testid="budget-cards">
        {rows.map((b) => (
          <li key={b.id} className="px-4 py-3" data-testid="budget-card" data-budget-id={b.id}>
            <div className="flex items-center justify-between gap-3">
              <div className="flex items-center gap-2 font-medium text-slate-900">
                <Tag b={b} />
                <span>
                  <Month b={b} />
                </span>
              </div>
              <Delete b={b} onDelete={onDelete} />
            </div>
            <div className="mt-2 grid grid-cols-4 gap-3">
              {BUDGET_NUMBERS.map((n) => (
                <div key={n.key}>
                  <div className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">
                    {n.label}
                  </div>
                  <BudgetCell budget={b} field={n.key} label={n.label} onSaved={onSaved} wide />
                </div>
              ))}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

import { useState } from "react";
import type { BudgetDto } from "../lib/budgets/dto.ts";
import type { MonthOf } from "../lib/budgets/policy.ts";
import { formatMonthYear } from "../lib/dates/format.ts";
import { api, ApiError, notifyError } from "./client/api.ts";
import { toast } from "./client/toast.ts";
import Pager from "./ui/Pager.tsx";
import ConfirmDialog from "./ui/ConfirmDialog.tsx";
import { type PagedData, useBoardList } from "./board/useBoardList.ts";
import TypeSwitch from "./board/TypeSwitch.tsx";
import BudgetTable from "./budgets/BudgetTable.tsx";
import AddBudgetModal from "./budgets/AddBudgetModal.tsx";
import { reactIsland } from "./ui/island.ts";

export const BUDGET_DEFAULTS: Record<string, string> = { page: "1", page_size: "10" };

/**
 * Budgets (02 sections 2 and 5): a station's monthly targets, newest first; the four numbers edit in
 * place while the budget's month is the current month; add and delete.
 */
export default function BoardBudgets(p: {
  stations: { id: number; tag: string; title: string }[];
  currentMonth: MonthOf;
  initialQuery: Record<string, string>;
  initialData: PagedData<BudgetDto> | null;
}) {
  const list = useBoardList<BudgetDto>("/api/budget/", BUDGET_DEFAULTS, {
    query: p.initialQuery,
    data: p.initialData,
  }, {
    type: "budget",
  });
  const [adding, setAdding] = useState(false);
  const [doomed, setDoomed] = useState<BudgetDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const rows = list.data.results;

  async function remove() {
    if (!doomed) return;
    setDeleting(true);
    try {
      await api(`/api/budget/${doomed.id}/`, { method: "DELETE", quiet: true });
      list.remove(doomed.id);
      toast(
        "success",
        `The ${doomed.station.tag} budget of ${formatMonthYear(doomed.month, doomed.year)} was deleted.`,
      );
      setDoomed(null);
    } catch (err) {
      if (err instanceof ApiError) notifyError(err);
    } finally {
      setDeleting(false);
    }
  }

  const empty = (
    <div className="px-4 py-12 text-center" data-testid="budget-empty">
      {list.state === "error"
        ? (
          <>
            <p className="font-medium text-slate-700">The budgets could not be loaded.</p>
            <button type="button" className="btn-secondary mt-3" onClick={list.reload}>Try again</button>
          </>
        )
        : (
          <>
            <p className="font-medium text-slate-700">Empty</p>
            <p className="mt-1 text-sm text-slate-500">
              No budgets yet. Add budget sets a station's targets for a month.
            </p>
          </>
        )}
    </div>
  );

  return (
    <>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TypeSwitch current="budget" />
          <button
            type="button"
            className="btn-primary"
            onClick={() => setAdding(true)}
            data-testid="budget-add-open"
          >
            + Add budget
          </button>
        </div>
        <section
          className={`card overflow-hidden ${list.state === "loading" ? "opacity-60" : ""}`}
          aria-label="Budgets"
          aria-busy={list.state === "loading"}
        >
          {rows.length === 0
            ? empty
            : <BudgetTable rows={rows} onSaved={list.replace} onDelete={setDoomed} />}
          <div className="border-t border-slate-200">
            <Pager
              page={Number(list.query.page) || 1}
              pageSize={Number(list.query.page_size) || 10}
              count={list.data.count}
              onPage={(n) => list.setQuery({ page: String(n) })}
              onPageSize={(s) => list.setQuery({ page_size: String(s) })}
            />
          </div>
        </section>
        <p className="text-xs text-slate-500">
          Numbers can be changed only in the budget's own month ({formatMonthYear(
            p.currentMonth.month,
            p.currentMonth.year,
          )} now); they are saved when you leave the cell.
        </p>
      </div>
      <AddBudgetModal
        open={adding}
        onClose={() => setAdding(false)}
        stations={p.stations}
        currentMonth={p.currentMonth}
        onAdded={(b) => {
          list.prepend(b);
          setAdding(false);
        }}
      />
      <ConfirmDialog
        open={!!doomed}
        title="Delete budget"
        confirmLabel="Delete forever"
        busy={deleting}
        onConfirm={remove}
        onClose={() => setDoomed(null)}
      >
        {doomed
          ? (
            <p>
              This will remove the <strong>{doomed.station.tag}</strong> budget of{" "}
              <strong>{formatMonthYear(doomed.month, doomed.year)}</strong> forever. Are you sure?
            </p>
          )
          : null}
      </ConfirmDialog>
    </>
  );
}

reactIsland(BoardBudgets);

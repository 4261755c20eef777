import { useEffect, useState } from "react";
import type { BudgetDto } from "../../lib/budgets/dto.ts";
import type { BudgetNumberKey } from "../../lib/budgets/inputs.ts";
import { budgetPatchInput } from "../../lib/shifts/inputs.ts";
import { digitsOnly } from "../../lib/shifts/board/calc.ts";
import { api, ApiError, notifyError } from "../client/api.ts";
import { toast } from "../client/toast.ts";

/**
 * One of a budget's four numbers, edited in place: digits only (typing and paste), saved on blur when it
 * changed, disabled outside the budget's own month. A refused or empty value goes back to the saved one.
 */
export default function BudgetCell({ budget, field, label, onSaved, wide = false }: {
  budget: BudgetDto;
  field: BudgetNumberKey;
  label: string;
  onSaved: (b: BudgetDto) => void;
  /** Fill the cell (the narrow cards) rather than a fixed width (the table). */
  wide?: boolean;
}) {
  const saved = String(budget[field]);
  const [text, setText] = useState(saved);
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  useEffect(() => setText(saved), [saved]);
  useEffect(() => {
    if (state !== "saved") return;
    const t = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(t);
  }, [state]);

  async function save() {
    if (text === saved) return;
    const body = { [field]: text === "" ? 0 : Number(text) };
    const check = budgetPatchInput.safeParse(body);
    if (!check.success) {
      toast("error", `${label}: ${check.error.issues[0].message}`);
      setText(saved);
      return;
    }
    setState("saving");
    try {
      const fresh = await api<BudgetDto>(`/api/budget/${budget.id}/`, {
        method: "PATCH",
        json: check.data,
        quiet: true,
      });
      onSaved(fresh);
      setState("saved");
    } catch (err) {
      setText(saved);
      setState("idle");
      if (err instanceof ApiError && typeof err.body.detail === "string" && err.status < 500) {
        toast("error", err.body.detail);
      } else if (err instanceof ApiError) notifyError(err);
    }
  }

  const tone = state === "saved" ? "border-emerald-500 ring-2 ring-emerald-100" : "";
  return (
    <input
      type="text"
      inputMode="numeric"
      aria-label={`${label} of ${budget.station.tag} ${budget.month}/${budget.year}`}
      className={`field-input px-2 py-1 text-right tabular-nums ${wide ? "w-full" : "w-20 lg:w-24"} ${tone}`}
      value={text}
      disabled={!budget.editable || state === "saving"}
      title={budget.editable ? undefined : "Only budgets of the current month can be changed"}
      onChange={(e) => setText(digitsOnly(e.target.value))}
      onBlur={save}
      onKeyDown={(e) => {
        if (e.key === "Enter") (e.target as HTMLInputElement).blur();
        if (e.key === "Escape") setText(saved);
      }}
      data-testid={`budget-${field}`}
      data-state={state}
    />
  );
}

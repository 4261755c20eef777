// Cells shared by the check screens: a coloured score, and the digits-only figure input saved on blur
// (03 section 5: key press and paste filtered, no message).
import { useState } from "react";
import { type Colour, digitsOnly } from "../../lib/checks/calc.ts";
import { decimalOnly } from "../../lib/ikea/calc.ts";

export const COLOUR_CLASS: Record<Colour, string> = {
  red: "bg-red-50 text-red-800",
  green: "bg-emerald-50 text-emerald-800",
  none: "",
};

export function FigureInput({ value, label, disabled, decimal, narrow, onSave, testId }: {
  value: number | null;
  label: string;
  disabled?: boolean;
  /** a score: digits and one decimal point (the IKEA week page) */
  decimal?: boolean;
  /** a one- or two-digit count: a narrower box */
  narrow?: boolean;
  onSave: (v: number | null) => Promise<void>;
  testId?: string;
}) {
  const [text, setText] = useState(value === null ? "" : String(value));
  const [busy, setBusy] = useState(false);
  async function blur() {
    const next = text === "" ? null : Number(text);
    if (next === value) return;
    setBusy(true);
    try {
      await onSave(next);
    } catch {
      setText(value === null ? "" : String(value));
    } finally {
      setBusy(false);
    }
  }
  return (
    <input
      type="text"
      inputMode="numeric"
      className={`field-input ${narrow ? "w-10" : "w-14"} px-1.5 py-0.5 text-right tabular-nums`}
      aria-label={label}
      value={text}
      disabled={disabled || busy}
      onKeyDown={(e) => {
        const ok = decimal ? /[\d.]/ : /\d/;
        if (e.key.length === 1 && !ok.test(e.key) && !e.ctrlKey && !e.metaKey) e.preventDefault();
      }}
      onPaste={(e) => e.preventDefault()}
      onChange={(e) => setText(decimal ? decimalOnly(e.target.value) : digitsOnly(e.target.value))}
      onBlur={blur}
      data-testid={testId}
    />
  );
}

// The one date field of the app (issue 14, point 3): shows and takes dd-mm-yyyy whatever the browser's
// locale, typed (lib/dates/format.ts `parseDayText`) or picked from a small calendar (DatePicker.tsx).
// The value in and out is the ISO 'YYYY-MM-DD' the API speaks, or '' for none; what is typed is only passed
// on once it is a real day inside min/max. With `name`, the text box itself is posted (dd-mm-yyyy), so a
// form submitted before the scripts arrive still works: its server schema reads that with parseDayText.
import { type FocusEvent, useEffect, useRef, useState } from "react";
import { formatDate, parseDayText } from "../../lib/dates/format.ts";
import Icon from "./Icon.tsx";
import { deferred, Part } from "./Deferred.tsx";

// The calendar is loaded when it is first opened (a hover or focus on its button starts it): a page with a
// date field does not carry it before anyone asks for it (issue 15's JavaScript budget).
const DatePicker = deferred(() => import("./DatePicker.tsx"));

export interface DateInputProps {
  /** 'YYYY-MM-DD' or ''. Anything else (a refused value the server sent back) is shown as it is. */
  value: string;
  onChange: (iso: string) => void;
  /** The text box's id, for the label's htmlFor. */
  id?: string;
  /** Posts the text box with the form (progressive enhancement). */
  name?: string;
  min?: string;
  max?: string;
  disabled?: boolean;
  required?: boolean;
  /** Names the box when there is no visible label (a filter in a toolbar). */
  ariaLabel?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  onBlur?: () => void;
  testId?: string;
  className?: string;
}

const shown = (value: string) => (parseDayText(value) === value ? formatDate(value) : value);

export default function DateInput(p: DateInputProps) {
  const [text, setText] = useState(() => shown(p.value));
  const [bad, setBad] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  // A new value from outside (Clear filters, a reset form) replaces what is typed, unless it says the same.
  useEffect(() => {
    if ((parseDayText(text) ?? "") !== p.value) setText(shown(p.value));
    if (p.value) setBad(null);
  }, [p.value]);

  function outOfRange(iso: string): string | null {
    if (p.min && iso < p.min) return `Not before ${formatDate(p.min)}`;
    if (p.max && iso > p.max) return `Not after ${formatDate(p.max)}`;
    return null;
  }

  /** Passes on a day, or '' for an empty box; keeps a half-typed one to itself. */
  function take(next: string, final: boolean) {
    setText(next);
    if (next.trim() === "") {
      setBad(null);
      if (p.value !== "") p.onChange("");
      return;
    }
    const iso = parseDayText(next);
    const refusal = iso === null ? "Write the date as dd-mm-yyyy" : outOfRange(iso);
    if (iso !== null && refusal === null) {
      setBad(null);
      if (iso !== p.value) p.onChange(iso);
      if (final) setText(formatDate(iso));
    } else if (final) setBad(refusal);
  }

  function blurred(e: FocusEvent) {
    if (box.current?.contains(e.relatedTarget as Node | null)) return;
    take(text, true);
    p.onBlur?.();
  }

  const invalid = p["aria-invalid"] || bad !== null;
  const hintId = p.id ? `${p.id}-format` : undefined;
  return (
    <div ref={box} className={`relative ${p.className ?? ""}`} onBlur={blurred}>
      <div className="relative">
        <input
          id={p.id}
          name={p.name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="dd-mm-yyyy"
          className="field-input pr-10 tabular-nums"
          value={text}
          disabled={p.disabled}
          required={p.required}
          aria-required={p.required || undefined}
          aria-label={p.ariaLabel}
          aria-invalid={invalid || undefined}
          aria-describedby={[p["aria-describedby"], bad && hintId].filter(Boolean).join(" ") || undefined}
          data-testid={p.testId}
          onChange={(e) => take(e.target.value, false)}
          onKeyDown={(e) => {
            if (e.key === "ArrowDown" && e.altKey) {
              e.preventDefault();
              setOpen(true);
            }
            if (e.key === "Enter") take(text, true);
          }}
        />
        <button
          ref={button}
          type="button"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-slate-600 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-slate-400"
          aria-label={`Choose a date${p.ariaLabel ? ` (${p.ariaLabel})` : ""}`}
          aria-haspopup="dialog"
          aria-expanded={open}
          disabled={p.disabled}
          data-testid={p.testId ? `${p.testId}-pick` : undefined}
          onClick={() => setOpen(!open)}
          onPointerEnter={DatePicker.preload}
          onFocus={DatePicker.preload}
        >
          <Icon name="calendar" className="h-4 w-4" />
        </button>
      </div>
      {bad ? <p id={hintId} className="field-error" data-testid="date-format-error">{bad}</p> : null}
      {open
        ? (
          <Part>
            <DatePicker
              anchor={box.current}
              value={parseDayText(text) ?? (p.value || null)}
              min={p.min}
              max={p.max}
              onPick={(iso) => {
                take(formatDate(iso), true);
                setOpen(false);
                button.current?.focus();
              }}
              onClose={() => {
                setOpen(false);
                button.current?.focus();
              }}
            />
          </Part>
        )
        : null}
    </div>
  );
}

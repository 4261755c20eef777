// The tracker's typed cells. Inputs are uncontrolled while the person types (no re-render per key) and
// send on blur; when the row changes elsewhere the input takes the new value, unless it has the focus.
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { toast } from "../client/toast.ts";

/** `seen` is the row version when the person started editing: a change made elsewhere since is a conflict. */
export type Commit<T> = (value: T, seen: number) => unknown;

interface Base {
  name: string;
  label: string;
  version: number;
  disabled: boolean;
}

/** Keeps an uncontrolled input showing `text` whenever it is not the one being typed in. */
function useShown(text: string) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && document.activeElement !== el && el.value !== text) el.value = text;
  });
  return ref;
}

/** Only characters matching `allowed` may be typed; a paste keeps only those characters. */
function restrict(allowed: RegExp) {
  return {
    onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
      if (e.key === "Enter") return e.currentTarget.blur();
      if (e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return;
      if (!allowed.test(e.key)) e.preventDefault();
    },
    onPaste(e: ClipboardEvent<HTMLInputElement>) {
      e.preventDefault();
      const el = e.currentTarget;
      const text = [...e.clipboardData.getData("text")].filter((c) => allowed.test(c)).join("");
      el.setRangeText(text, el.selectionStart ?? el.value.length, el.selectionEnd ?? el.value.length, "end");
    },
    onInput(e: { currentTarget: HTMLInputElement }) {
      const el = e.currentTarget;
      const clean = [...el.value].filter((c) => allowed.test(c)).join("");
      if (clean !== el.value) el.value = clean;
    },
  };
}

const DIGITS = restrict(/\d/);
const DECIMAL = restrict(/[\d.]/);
const TIME = restrict(/[\d:]/);

function useSeen(version: number) {
  const seen = useRef(version);
  return { seen, onFocus: () => (seen.current = version) };
}

/**
 * Digits only (02 section 5): empty on a field already empty is ignored; empty on a filled field stores
 * null; otherwise the number is sent only if it changed.
 */
export function NumberCell({ value, onCommit, name, label, version, disabled }: Base & {
  value: number | null;
  onCommit: Commit<number | null>;
}) {
  const text = value === null ? "" : String(value);
  const ref = useShown(text);
  const { seen, onFocus } = useSeen(version);
  return (
    <input
      ref={ref}
      className="tk-num"
      name={name}
      aria-label={label}
      inputMode="numeric"
      autoComplete="off"
      defaultValue={text}
      disabled={disabled}
      onFocus={onFocus}
      {...DIGITS}
      onBlur={(e) => {
        const raw = e.currentTarget.value.trim();
        if (raw === "") {
          if (value !== null) onCommit(null, seen.current);
          return;
        }
        const n = Number(raw);
        if (n !== value) onCommit(n, seen.current);
      }}
    />
  );
}

/** Role hours: digits and a decimal point; sent as text, compared as a number. */
export function HoursCell({ value, onCommit, name, label, version, disabled }: Base & {
  value: string | null;
  onCommit: Commit<string | null>;
}) {
  const text = value === null ? "" : String(Number(value));
  const ref = useShown(text);
  const { seen, onFocus } = useSeen(version);
  return (
    <input
      ref={ref}
      className="tk-num"
      name={name}
      aria-label={label}
      inputMode="decimal"
      autoComplete="off"
      defaultValue={text}
      disabled={disabled}
      onFocus={onFocus}
      {...DECIMAL}
      onBlur={(e) => {
        const raw = e.currentTarget.value.trim();
        if (raw === "") {
          if (value !== null) onCommit(null, seen.current);
          return;
        }
        const n = Number(raw);
        if (!Number.isFinite(n)) {
          e.currentTarget.value = text;
          return toast("error", "Hours must be a number, like 6 or 7.5.");
        }
        if (value === null || n !== Number(value)) onCommit(String(n), seen.current);
      }}
    />
  );
}

/** A text field: sent only when the (trimmed) value differs; empty stores null. */
const TEXT_SIZE = { narrow: "tk-txt w-[5.25rem]", normal: "tk-txt", wide: "tk-txt tk-wide" } as const;

export function TextCell(
  { value, onCommit, name, label, version, disabled, size = "normal", maxLength, muted, title }: Base & {
    value: string | null;
    onCommit: Commit<string | null>;
    size?: keyof typeof TEXT_SIZE;
    maxLength: number;
    /** Greyed: a value kept only as history (a cancelled row's van). */
    muted?: boolean;
    title?: string;
  },
) {
  const text = value ?? "";
  const ref = useShown(text);
  const { seen, onFocus } = useSeen(version);
  return (
    <input
      ref={ref}
      className={`${TEXT_SIZE[size]}${muted ? " text-slate-400 italic line-through" : ""}`}
      name={name}
      aria-label={label}
      title={title}
      data-history={muted || undefined}
      autoComplete="off"
      defaultValue={text}
      disabled={disabled}
      onFocus={onFocus}
      maxLength={maxLength}
      onKeyDown={(e) => e.key === "Enter" && e.currentTarget.blur()}
      onBlur={(e) => {
        const v = e.currentTarget.value.trim();
        if (v !== text) onCommit(v === "" ? null : v, seen.current);
      }}
    />
  );
}

/** 'HH:MM' from what was typed ('930', '9:30', '17') or null when it is not a time of day. */
export function normaliseTime(raw: string): string | null {
  const m = /^(\d{1,2})(?::?(\d{2}))?$/.exec(raw.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? "0");
  if (h > 23 || min > 59) return null;
  return `${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}`;
}

/** A time of day, typed as digits with an optional colon and stored as HH:MM. */
export function TimeCell({ value, onCommit, name, label, version, disabled }: Base & {
  value: string | null;
  onCommit: Commit<string | null>;
}) {
  const text = value ? value.slice(0, 5) : "";
  const ref = useShown(text);
  const { seen, onFocus } = useSeen(version);
  return (
    <input
      ref={ref}
      className="tk-num"
      name={name}
      aria-label={label}
      placeholder="HH:MM"
      autoComplete="off"
      defaultValue={text}
      disabled={disabled}
      onFocus={onFocus}
      maxLength={5}
      {...TIME}
      onBlur={(e) => {
        const raw = e.currentTarget.value.trim();
        if (raw === "") {
          if (value !== null) onCommit(null, seen.current);
          return;
        }
        const t = normaliseTime(raw);
        if (!t) {
          e.currentTarget.value = text;
          return toast("error", `${label}: use HH:MM, like 17:30.`);
        }
        e.currentTarget.value = t;
        if (t !== text) onCommit(t, seen.current);
      }}
    />
  );
}

/** A tick box that shows the new state at once and falls back if the server refuses it. */
export function CheckCell({ value, onCommit, name, label, disabled }: Omit<Base, "version"> & {
  value: boolean;
  onCommit?: (value: boolean) => Promise<boolean>;
}) {
  const [pending, setPending] = useState<boolean | null>(null);
  return (
    <input
      type="checkbox"
      className="tk-chk"
      name={name}
      aria-label={label}
      checked={pending ?? value}
      disabled={disabled || !onCommit || pending !== null}
      onChange={async (e) => {
        if (!onCommit) return;
        const next = e.currentTarget.checked;
        setPending(next);
        await onCommit(next);
        setPending(null);
      }}
    />
  );
}

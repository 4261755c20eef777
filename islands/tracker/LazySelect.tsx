// A native <select> that renders only its chosen option until the person reaches for it (focus, pointer,
// key): 150 rows times several pickers of 100+ DAs would otherwise be tens of thousands of <option>s.
import { useState } from "react";
import { flushSync } from "react-dom";
import type { SelectOption } from "./types.ts";

export interface LazySelectProps {
  name: string;
  label: string;
  /** The chosen value ('' for none) and its label as shown while the list is not built. */
  value: string;
  current: string;
  /** The choices (built on demand); the chosen one is added if the list lacks it. */
  options: () => SelectOption[];
  /** The label of the empty choice, or null when there is none. */
  empty?: string | null;
  disabled?: boolean;
  className?: string;
  title?: string;
  /** Sends the choice; the select shows it until the promise settles, then the row's value again. */
  onChange: (value: string) => Promise<unknown>;
}

export default function LazySelect(
  {
    name,
    label,
    value,
    current,
    options,
    empty = "—",
    disabled = false,
    className = "tk-sel",
    title,
    onChange,
  }: LazySelectProps,
) {
  // Rebuilt each time the select is reached for, so the choices reflect the other rows at that moment.
  const [reached, setReached] = useState(0);
  const [pending, setPending] = useState<string | null>(null);
  const open = reached > 0;
  const shown = pending ?? value;
  const reach = () => flushSync(() => setReached((n) => n + 1));
  let list: SelectOption[] = [];
  if (open) {
    list = options();
    if (value !== "" && !list.some((o) => o.value === value)) list = [{ value, label: current }, ...list];
  } else if (value !== "") {
    list = [{ value, label: current }];
  }
  return (
    <select
      name={name}
      aria-label={label}
      title={title}
      className={className}
      value={shown}
      disabled={disabled || pending !== null}
      aria-busy={pending !== null}
      onFocus={reach}
      onPointerDown={reach}
      onKeyDown={() => open || reach()}
      onChange={async (e) => {
        const next = e.currentTarget.value;
        if (next === value) return;
        setPending(next);
        try {
          await onChange(next);
        } finally {
          setPending(null);
        }
      }}
    >
      {empty !== null || value === "" ? <option value="">{empty ?? "—"}</option> : null}
      {list.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}

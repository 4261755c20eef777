// Rabbit or dolly of a row (02 section 4): a picker excluding scanners used by other rows or by the sibling
// select, a 'Returned?' tick box, and a plus button revealing the second picker.
import { useState } from "react";
import LazySelect from "./LazySelect.tsx";
import { CheckCell } from "./cells.tsx";
import type { Rec, RowContext, SerialSlot } from "./types.ts";

const KINDS = {
  rabbit: {
    first: "rabbit_number",
    second: "second_rabbit_number",
    returned: "returned_rabbit",
    label: "Rabbit",
  },
  dolly: { first: "dolly_number", second: "second_dolly_number", returned: "returned_dolly", label: "Dolly" },
} as const;

export default function SerialPicker({ kind, rec, ctx, disabled }: {
  kind: keyof typeof KINDS;
  rec: Rec;
  ctx: RowContext;
  disabled: boolean;
}) {
  const k = KINDS[kind];
  const first = rec[k.first];
  const second = rec[k.second];
  const [revealed, setRevealed] = useState(false);
  const showSecond = revealed || second !== null;

  const choices = (sibling: { id: number } | null) => () => {
    const all = ctx.options()?.[kind === "rabbit" ? "rabbits" : "dollies"] ?? [];
    const taken = ctx.scannersElsewhere(rec.id);
    return all.filter((s) => !taken.has(s.id) && s.id !== sibling?.id)
      .map((s) => ({ value: String(s.id), label: s.serial_number }));
  };
  const pick = (slot: SerialSlot) => (v: string) => ctx.serial(rec.id, slot, Number(v) || 0);

  return (
    <div className="flex items-center gap-1">
      <LazySelect
        name={k.first}
        label={k.label}
        value={first ? String(first.id) : ""}
        current={first?.serial_number ?? ""}
        options={choices(second)}
        disabled={disabled}
        className="tk-sel w-32"
        onChange={pick(k.first)}
      />
      {showSecond
        ? (
          <LazySelect
            name={k.second}
            label={`Second ${k.label.toLowerCase()}`}
            value={second ? String(second.id) : ""}
            current={second?.serial_number ?? ""}
            options={choices(first)}
            disabled={disabled}
            className="tk-sel w-32"
            onChange={pick(k.second)}
          />
        )
        : (
          <button
            type="button"
            className="tk-icon-btn"
            aria-label={`Add a second ${k.label.toLowerCase()}`}
            title={`Add a second ${k.label.toLowerCase()}`}
            disabled={disabled}
            onClick={() => setRevealed(true)}
          >
            <svg
              className="h-4 w-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path d="M12 5v14M5 12h14" strokeLinecap="round" />
            </svg>
          </button>
        )}
      <label
        className="ml-1 inline-flex items-center gap-1 text-xs text-slate-600"
        title={`${k.label} returned?`}
      >
        <CheckCell
          name={k.returned}
          label={`${k.label} returned?`}
          value={rec[k.returned]}
          disabled={disabled}
          onCommit={(v) => ctx.patch(rec.id, { [k.returned]: v })}
        />
        Returned?
      </label>
    </div>
  );
}

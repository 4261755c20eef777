// The tracker's tick box outside the grid's one editor (the scanner picker's 'Returned?'). The typed cells
// that were here before the grid (issue 14) had no user left; the grid's editor is grid/CellEditor.tsx, and
// how typed text becomes a PATCH (normaliseTime among it) is grid/cellEdits.ts.
import { useState } from "react";

/** A tick box that shows the new state at once and falls back if the server refuses it. */
export function CheckCell({ value, onCommit, name, label, disabled }: {
  name: string;
  label: string;
  disabled: boolean;
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

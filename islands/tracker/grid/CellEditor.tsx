// The one live editor of the tracker grid: an input for text, numbers, hours and times, a list box for
// the pickers, the scanner picker for rabbit and dolly. Enter, Tab and Shift-Tab commit and move; Esc
// leaves without sending; leaving it (a click elsewhere) commits. The server still decides (ctx.patch).
// Loaded on first use (GridRow.tsx): Enter or Tab pressed before its chunk was in arrives as `then`, and the
// editor leaves with that move as soon as it is up, as if the key had reached it.
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { toast } from "../../client/toast.ts";
import SerialPicker from "../SerialPicker.tsx";
import type { Rec, RowContext } from "../types.ts";
import { CELL_DEFS } from "./cellDefs.ts";
import { CELL_EDITS } from "./cellEdits.ts";

// The grid's edits that open no editor come in the same chunk (GridRow.tsx `editing`).
export { clearCell, pasteColumn, toggleCheck } from "./cellEdits.ts";

export type Move = "down" | "up" | "right" | "left" | "stay";

const moveOf = (e: KeyboardEvent): Move | null =>
  e.key === "Enter" ? (e.shiftKey ? "up" : "down") : e.key === "Tab" ? (e.shiftKey ? "left" : "right") : null;

interface Props {
  id: string;
  rec: Rec;
  ctx: RowContext;
  /** The key that opened the editor by typing (replaces the value), or null (keeps it). */
  initial: string | null;
  /** Enter or Tab pressed while the editor's chunk was on its way: commit and move at once. */
  then?: Move;
  label: string;
  /** Leave the editor: `commit` false on Esc; then the grid moves the active cell. */
  onDone: (move: Move | null) => void;
}

export default function CellEditor(props: Props) {
  const kind = CELL_DEFS[props.id].kind;
  if (kind === "select") return <ListEditor {...props} />;
  if (kind === "serial") return <SerialEditor {...props} />;
  return <TextEditor {...props} />;
}

function TextEditor({ id, rec, ctx, initial, then, label, onDone }: Props) {
  const def = CELL_DEFS[id];
  const edit = CELL_EDITS[id];
  const ref = useRef<HTMLInputElement>(null);
  const seen = useRef(rec.version);
  const done = useRef(false);
  useEffect(() => {
    const el = ref.current!;
    el.focus();
    if (initial === null) el.select();
    else el.setSelectionRange(el.value.length, el.value.length);
    if (then) finish(then);
  }, []);
  /** Sends the value when it changed; false when the value is refused here (the editor stays). */
  const commit = (): boolean => {
    const p = edit.toPatch!(ref.current!.value, rec, ctx);
    if (typeof p === "string") {
      toast("error", `${label}: ${p}`);
      return false;
    }
    if (p) void ctx.patch(rec.id, p, seen.current);
    return true;
  };
  const finish = (move: Move | null) => {
    if (done.current) return;
    if (move !== null && !commit()) return;
    done.current = true;
    onDone(move);
  };
  return (
    <input
      ref={ref}
      className="tk-editor"
      name={id === "fleet_no" ? "fleet_number" : id}
      aria-label={label}
      autoComplete="off"
      inputMode={def.kind === "number" ? "numeric" : def.kind === "hours" ? "decimal" : undefined}
      placeholder={def.kind === "time" ? "HH:MM" : undefined}
      maxLength={edit.maxLength ?? (def.kind === "time" ? 5 : 12)}
      defaultValue={initial ?? def.text(rec, ctx)}
      onKeyDown={(e) => {
        const move = moveOf(e);
        if (move) {
          e.preventDefault();
          e.stopPropagation();
          finish(move);
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish(null);
        }
      }}
      onBlur={() => finish("stay")}
    />
  );
}

function ListEditor({ id, rec, ctx, initial, then, label, onDone }: Props) {
  const def = CELL_EDITS[id];
  const options = def.choices!(rec, ctx);
  const current = def.value!(rec);
  const first = initial
    ? options.find((o) => o.label.toLowerCase().startsWith(initial.toLowerCase()))
    : undefined;
  const [draft, setDraft] = useState(first?.value ?? current);
  const ref = useRef<HTMLSelectElement>(null);
  const seen = useRef(rec.version);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    if (then) finish(then);
  }, []);
  const finish = (move: Move | null, value = draft) => {
    if (done.current) return;
    done.current = true;
    if (move !== null && value !== current) {
      const p = def.toPatch!(value, rec, ctx);
      if (p && typeof p !== "string") void ctx.patch(rec.id, p, seen.current);
    }
    onDone(move);
  };
  const empty = id === "driver" || id === "second_driver" || id === "wave" || id === "fleet_size";
  return (
    <select
      ref={ref}
      name={id === "wave" ? "wave_time" : id}
      aria-label={label}
      className="tk-list"
      size={Math.min(8, options.length + (empty ? 1 : 0)) || 2}
      value={draft}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onClick={(e) => {
        // A pointer choice is the choice (a keyboard one waits for Enter or Tab).
        if (e.detail > 0 && (e.target as HTMLElement).tagName === "OPTION") {
          finish(
            "stay",
            e.currentTarget.value,
          );
        }
      }}
      onKeyDown={(e) => {
        const move = moveOf(e);
        if (move) {
          e.preventDefault();
          e.stopPropagation();
          finish(move);
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish(null);
        }
      }}
      onBlur={() => finish("stay")}
    >
      {empty ? <option value="">—</option> : null}
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}

/** Rabbit or dolly: the row's scanner picker (its selects send on change); Esc or Tab leaves it. */
function SerialEditor({ id, rec, ctx, then, onDone }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (then) return onDone(then); // its pickers send on change: a move asked early only leaves
    ref.current?.querySelector<HTMLElement>("select, button")?.focus();
    // A picker busy with its write is disabled and drops the focus: Esc still closes it from anywhere.
    const esc = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || ref.current?.contains(e.target as Node)) return;
      e.preventDefault();
      done.current(null);
    };
    document.addEventListener("keydown", esc);
    return () => document.removeEventListener("keydown", esc);
  }, []);
  return (
    <div
      ref={ref}
      className="tk-serial"
      onKeyDown={(e) => {
        if (e.key === "Escape" || e.key === "Enter") {
          e.preventDefault();
          e.stopPropagation();
          onDone(e.key === "Escape" ? null : "down");
        }
      }}
      onBlur={(e) => {
        // A select busy with its write loses the focus to nothing: only a move elsewhere closes the picker.
        const next = e.relatedTarget as Node | null;
        if (next && !e.currentTarget.contains(next)) onDone("stay");
      }}
    >
      <SerialPicker kind={id === "rabbit" ? "rabbit" : "dolly"} rec={rec} ctx={ctx} disabled={false} />
    </div>
  );
}

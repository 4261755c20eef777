// The grid's keyboard, like a spreadsheet's: one active cell; arrows, Tab / Shift-Tab and Enter move it;
// Enter, F2, a click or typing opens the one editor; Esc leaves it. Copy gives the active cell's text;
// a paste of a column of values fills consecutive rows down from the active cell, each value sent as its
// own PATCH through the same server rules, and a refused value is marked on its cell with the reason.
// What an edit does (a tick box, Delete, a paste) comes with the editor's chunk on first use: a pointer or
// focus in the grid has started it by then (Grid.tsx `preloadEditing`).
import { type ClipboardEvent, type KeyboardEvent, useCallback, useRef, useState } from "react";
import { toast } from "../../client/toast.ts";
import type { Rec, RowContext } from "../types.ts";
import { CELL_DEFS } from "./cellDefs.ts";
import type { Move } from "./CellEditor.tsx";
import { onDemand } from "../../ui/Deferred.tsx";

/** The editor's chunk (GridRow.tsx renders it), with the grid's edits that open no editor. */
export const editorChunk = onDemand(() => import("./CellEditor.tsx"));

/** The open editor: the text typed to open it (null: keep the value), and a move asked before it was in. */
export interface Editing {
  initial: string | null;
  then?: Move;
}

export interface Pos {
  row: number;
  col: number;
}

/** Cells refused by the server (or by their own shape) after a paste: `${recordId}:${columnId}` -> reason. */
export type Marks = ReadonlyMap<string, string>;
export const markKey = (recordId: number, column: string) => `${recordId}:${column}`;

/** The pasted text as one value per line (the first column of a spreadsheet selection). */
export function pastedColumn(text: string): string[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length && lines[lines.length - 1].trim() === "") lines.pop();
  return lines.map((l) => l.split("\t")[0]);
}

/** The next position for a move, kept inside the grid; Tab and Shift-Tab wrap to the next or previous row. */
export function step(p: Pos, move: Move, rows: number, cols: number): Pos {
  const last = { row: Math.max(rows - 1, 0), col: Math.max(cols - 1, 0) };
  if (move === "down") return { row: Math.min(p.row + 1, last.row), col: p.col };
  if (move === "up") return { row: Math.max(p.row - 1, 0), col: p.col };
  if (move === "right") {
    if (p.col < last.col) return { row: p.row, col: p.col + 1 };
    return p.row < last.row ? { row: p.row + 1, col: 1 } : p;
  }
  if (move === "left") {
    if (p.col > 1) return { row: p.row, col: p.col - 1 };
    return p.row > 0 ? { row: p.row - 1, col: last.col } : p;
  }
  return p;
}

const ARROWS: Record<string, Move> = {
  ArrowDown: "down",
  ArrowUp: "up",
  ArrowRight: "right",
  ArrowLeft: "left",
};

export function useGridNav(
  rows: readonly Rec[],
  columns: string[],
  ctx: RowContext,
  labels: Record<string, string>,
) {
  const [active, setActive] = useState<Pos | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [marks, setMarks] = useState<Marks>(new Map());
  const live = useRef({ rows, columns, active });
  live.current = { rows, columns, active };

  const at = (p: Pos | null) => (p ? { rec: rows[p.row], id: columns[p.col] } : null);

  const unmark = (recordId: number, id: string) =>
    setMarks((m) => {
      if (!m.has(markKey(recordId, id))) return m;
      const next = new Map(m);
      next.delete(markKey(recordId, id));
      return next;
    });

  /** Opens the editor of the active cell (a tick box toggles instead); false when the cell is blocked. */
  const edit = (p: Pos, initial: string | null): boolean => {
    const cell = at(p);
    if (!cell?.rec) return false;
    const def = CELL_DEFS[cell.id];
    const why = def.blocked(cell.rec, ctx);
    if (why) {
      if (def.kind !== "none") toast("info", why);
      return false;
    }
    if (def.kind === "check") {
      void editorChunk.load().then((m) => m.toggleCheck(cell.id, cell.rec, ctx));
      return true;
    }
    unmark(cell.rec.id, cell.id);
    setEditing({ initial });
    return true;
  };

  const moveBy = (move: Move) => {
    const { rows, columns, active } = live.current;
    setActive(step(active ?? { row: 0, col: 1 }, move, rows.length, columns.length));
  };

  /** The editor closed: move the active cell as its key asked (null: Esc, stay put). */
  const onEditorDone = useCallback((move: Move | null) => {
    setEditing(null);
    if (move && move !== "stay") moveBy(move);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    // Editing, and the key still reaches the grid itself: the editor's chunk is on its way (first use).
    if (editing) return e.target === e.currentTarget ? keepForEditor(e) : undefined;
    if (e.altKey) return;
    const p = active ?? { row: 0, col: 1 };
    if (!active && rows.length) setActive(p);
    const arrow = ARROWS[e.key];
    if (arrow) {
      e.preventDefault();
      return moveBy(arrow);
    }
    if (e.key === "Tab") {
      const next = step(p, e.shiftKey ? "left" : "right", rows.length, columns.length);
      if (next === p) return; // the first or last cell: Tab leaves the grid
      e.preventDefault();
      return setActive(next);
    }
    if (
      e.key === "Enter" || e.key === "F2" || (e.key === " " && CELL_DEFS[columns[p.col]].kind === "check")
    ) {
      e.preventDefault();
      if (!edit(p, null) && e.key === "Enter") moveBy(e.shiftKey ? "up" : "down");
      return;
    }
    if ((e.key === "Delete" || e.key === "Backspace") && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      return clear(p);
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      edit(p, e.key);
    }
  };

  /**
   * A key typed before the editor is up is the editor's, as if it had been there: text and Backspace
   * change what it opens with, Esc closes it, Enter or Tab commit and move once it is up.
   */
  const keepForEditor = (e: KeyboardEvent<HTMLElement>) => {
    const { key } = e;
    const move = key === "Enter"
      ? (e.shiftKey ? "up" : "down")
      : key === "Tab"
      ? (e.shiftKey ? "left" : "right")
      : null;
    const typed = key === "Backspace" || (key.length === 1 && !e.ctrlKey && !e.metaKey);
    if (e.altKey || editing?.then || !(typed || move || key === "Escape")) return;
    e.preventDefault();
    if (key === "Escape") return setEditing(null);
    setEditing((ed) => {
      if (!ed) return ed;
      if (move) return { ...ed, then: move };
      const text = ed.initial ?? "";
      return { initial: key === "Backspace" ? text.slice(0, -1) : text + key };
    });
  };

  /** Delete on a cell: the empty value, through the same rules as typing it. */
  const clear = (p: Pos) => {
    const cell = at(p);
    if (cell?.rec) void editorChunk.load().then((m) => m.clearCell(cell.id, cell.rec, ctx));
  };

  const onCopy = (e: ClipboardEvent<HTMLElement>) => {
    const cell = at(active);
    if (editing || !cell?.rec) return;
    e.preventDefault();
    e.clipboardData.setData("text/plain", CELL_DEFS[cell.id].text(cell.rec, ctx));
    toast("info", `Copied ${labels[cell.id]}.`);
  };

  const onPaste = (e: ClipboardEvent<HTMLElement>) => {
    if (editing || !active) return;
    e.preventDefault();
    void pasteColumn(active, pastedColumn(e.clipboardData.getData("text/plain")));
  };

  /** Each value through the server's rules, one row after another; refusals marked on their cells. */
  const pasteColumn = async (from: Pos, values: string[]) => {
    const id = live.current.columns[from.col];
    const m = await editorChunk.load();
    const rowAt = (i: number) => live.current.rows[from.row + i];
    setMarks(
      await m.pasteColumn({ rowAt, id, label: labels[id], values, ctx, marks, key: (r) => markKey(r, id) }),
    );
  };

  return { active, setActive, editing, edit, onEditorDone, onKeyDown, onCopy, onPaste, marks };
}

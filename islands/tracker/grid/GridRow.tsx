// One grid row, memoised: moving the active cell or opening the editor re-renders the rows it touches,
// not every row in view (typing latency). Its callbacks are stable for the grid's life.
// The editor is loaded on first use (issue 15: the page's script): a pointer or focus in the grid starts
// its chunk (Grid.tsx); until it is in, the cell shows its text and the grid keeps the keys typed for it.
import { memo } from "react";
import { GRID_COLUMNS } from "../../../lib/shifts/tracker/calc-grid.ts";
import { deferred, Part } from "../../ui/Deferred.tsx";
import type { Rec, RowContext } from "../types.ts";
import type { Move } from "./CellEditor.tsx";
import { CellText } from "./CellText.tsx";
import { CELL_DEFS } from "./cellDefs.ts";
import { type Editing, editorChunk, markKey, type Marks } from "./useGridNav.ts";

const LABELS = Object.fromEntries(GRID_COLUMNS.map((c) => [c.id, c.label]));
export const FROZEN: Record<string, string> = { created: "tk-f1", driver: "tk-f2", fleet_no: "tk-f3" };

const CellEditor = deferred(editorChunk.load);

interface Props {
  rec: Rec;
  /** The shown columns in order (one array per change of the view: the memo compares it by identity). */
  columns: readonly string[];
  /**
   * The grid's rows: a new array after any write re-renders every row in view, since what a cell offers
   * (the DAs and scanners not taken on other rows) reads the other rows. (TanStack Table's row model did
   * this by making new row objects for every change of the data.)
   */
  rows: readonly Rec[];
  index: number;
  /** The active column in this row, or -1. */
  activeCol: number;
  /** The open editor, when it is in this row. */
  editing: Editing | null;
  marks: Marks;
  ctx: RowContext;
  onCellDown: (row: number, col: number) => void;
  onDone: (move: Move | null) => void;
}

function GridRow(
  { rec, columns, index, activeCol, editing, marks, ctx, onCellDown, onDone }: Props,
) {
  return (
    <tr
      data-index={index}
      role="row"
      data-testid="tracker-row"
      data-record-id={rec.id}
      data-version={rec.version}
      data-locked={rec.locked}
      aria-rowindex={index + 2}
      title={rec.lock_reason ?? undefined}
    >
      {columns.map((id, c) => {
        const isActive = activeCol === c;
        const mark = marks.get(markKey(rec.id, id));
        const why = CELL_DEFS[id].blocked(rec, ctx);
        return (
          <td
            key={id}
            id={`tk-c-${index}-${c}`}
            role="gridcell"
            data-col={id}
            className={`${FROZEN[id] ?? ""} ${CELL_DEFS[id].width}${isActive ? " tk-active" : ""}${
              mark ? " tk-refused" : ""
            }`}
            aria-selected={isActive}
            aria-readonly={why ? true : undefined}
            title={mark ?? (id === "created" ? undefined : why ?? undefined)}
            onMouseDown={(e) => {
              if ((e.target as HTMLElement).closest("button, input, select")) return;
              e.preventDefault();
              onCellDown(index, c);
            }}
          >
            {isActive && editing
              ? (
                <Part fallback={<CellText id={id} rec={rec} ctx={ctx} index={index + 1} refused={mark} />}>
                  <CellEditor
                    id={id}
                    rec={rec}
                    ctx={ctx}
                    initial={editing.initial}
                    then={editing.then}
                    label={LABELS[id]}
                    onDone={onDone}
                  />
                </Part>
              )
              : <CellText id={id} rec={rec} ctx={ctx} index={index + 1} refused={mark} />}
          </td>
        );
      })}
    </tr>
  );
}

export default memo(GridRow);

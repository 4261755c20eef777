// Parts of a tracker row: the 'Not Published' mark, the empty row's rule, and the row's
// first cell (delete button, or a lock for a locked row, and the row number).
import type { Rec } from "./types.ts";
import { isReleasedRow } from "../../lib/shifts/calc.ts";

/** The row gave its van back (cancelled or rejected): van and size show greyed, as history. */
export const isReleased = (rec: Rec) => isReleasedRow({ role: rec.role, daStatus: rec.da_status });

/**
 * A row without a DA takes no role or status (the server refuses them too). One left cancelled without a
 * DA can be set back, unless the DA set that status by SMS: `undo` then limits the choices to going back.
 */
export function emptyRowRule(rec: Rec): { reason: string | null; undo: boolean } {
  if (rec.driver) return { reason: null, undo: false };
  if (isReleased(rec) && !rec.status_assigned_by_sms) return { reason: null, undo: true };
  return { reason: "Choose a DA first: role and status need a DA.", undo: false };
}

export function NotPublished() {
  return (
    <span
      className="ml-1 inline-flex text-amber-600"
      title="Not Published"
      role="img"
      aria-label="Not Published"
      data-testid="not-published"
    >
      <svg
        className="h-4 w-4"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path d="M12 8v5M12 16h.01M10.3 3.9L1.8 18a2 2 0 001.7 3h17a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z" />
      </svg>
    </span>
  );
}

/** Delete (hidden when the row may not be deleted), a lock on a locked row, and the row's number. */
export function RowMark(
  { rec, index, onDelete }: { rec: Rec; index: number; onDelete: (id: number) => void },
) {
  const locked = rec.locked;
  return (
    <span className="flex items-center gap-0.5">
      {rec.can_delete
        ? (
          <button
            type="button"
            className="tk-icon-btn hover:text-red-600"
            aria-label={`Delete row ${index}`}
            title="Delete row"
            data-testid="delete-row"
            onClick={() => onDelete(rec.id)}
          >
            <svg
              className="h-4 w-4"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={1.8}
              aria-hidden="true"
            >
              <path
                d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )
        : locked
        ? (
          <span
            className="tk-icon-btn text-slate-400 hover:bg-transparent hover:text-slate-400"
            role="img"
            aria-label="Locked row"
            title="Locked: a rejected or cancelled DA, or a shift more than 2 days old"
          >
            <svg
              className="h-3.5 w-3.5"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              aria-hidden="true"
            >
              <path d="M5 11h14v10H5zM8 11V7a4 4 0 018 0v4" strokeLinejoin="round" />
            </svg>
          </span>
        )
        : <span className="inline-block w-7" />}
      <span className="w-6 text-right text-xs tabular-nums text-slate-500" data-testid="row-index">
        {index}
      </span>
    </span>
  );
}

// What a refused row write means for the tracker (02 section 8), decided on the server's error code, never
// on its words. Pure, so the catalogue is tested without a browser; useRefusals acts on the answer.
import { TRACKER } from "../../lib/shifts/tracker/errors.ts";
import type { Rec } from "./types.ts";

export type Refusal =
  /** Someone else changed the row: it shows their version, and the toast says so. */
  | { kind: "conflict"; record: Rec; message: string }
  /** No van of the size was free: the row comes back without a van (when the server sent it). */
  | { kind: "no_free_vans"; record: Rec | null }
  | { kind: "duplicate_van"; message: string }
  | { kind: "row_gone" }
  | { kind: "offline" }
  /** A rule the server named: its words in a toast. */
  | { kind: "message"; message: string }
  /** Anything else: the client's generic catalogue. */
  | { kind: "other" };

/** The parts of a failed call (islands/client/api.ts ApiError) the decision reads. */
export interface FailedCall {
  status: number;
  code: string;
  body: Record<string, unknown>;
}

export function refusalOf(err: FailedCall): Refusal {
  const detail = typeof err.body.detail === "string" ? err.body.detail : null;
  const record = (err.body.record as Rec | undefined) ?? null;
  if (err.code === TRACKER.conflict && record) {
    return {
      kind: "conflict",
      record,
      message: detail ?? "Someone else changed this row. The row now shows their change.",
    };
  }
  if (err.code === TRACKER.noFreeVans) return { kind: "no_free_vans", record };
  if (err.code === TRACKER.vanTaken && detail) return { kind: "duplicate_van", message: detail };
  if (err.status === 404) return { kind: "row_gone" };
  if (err.status === 0) return { kind: "offline" };
  if ((err.status === 400 || err.status === 403) && detail) return { kind: "message", message: detail };
  return { kind: "other" };
}

import { reasonLabel, statusLabel } from "../../lib/vans/policy.ts";

const TONE: Record<number, string> = {
  1: "bg-emerald-100 text-emerald-800",
  2: "bg-amber-100 text-amber-900",
  3: "bg-slate-200 text-slate-700",
};

/** A van's status as a coloured pill. */
export function StatusBadge({ status }: { status: number }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${
        TONE[status] ?? TONE[3]
      }`}
      data-testid="van-status"
      title={status === 1 ? "Available for routes" : "Not available for routes"}
    >
      {statusLabel(status)}
    </span>
  );
}

/** The out-of-service reason, or a muted dash. */
export function Reason({ reason }: { reason: number | null }) {
  return reason == null
    ? <span className="text-slate-400">—</span>
    : <span className="whitespace-nowrap" data-testid="van-reason">{reasonLabel(reason)}</span>;
}

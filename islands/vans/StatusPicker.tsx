import {
  OOS_REASON_LABELS,
  OOS_REASONS,
  settableStatuses,
  VAN_STATUS_LABELS,
  VanStatus,
  type VanStatusId,
} from "../../lib/vans/policy.ts";

/** Status select plus, for Out of Service, the reason select (03 section 2.10). Values are strings; "" = none. */
export default function StatusPicker(
  {
    role,
    status,
    reason,
    onStatus,
    onReason,
    idPrefix,
    disabled = false,
    reasonError,
    label = "New status",
    current,
  }: {
    role: number;
    label?: string;
    /** The van's status now: offered (greyed when this role may not set it) so the select can show it. */
    current?: number;
    status: string;
    reason: string;
    onStatus: (v: string) => void;
    onReason: (v: string) => void;
    idPrefix: string;
    disabled?: boolean;
    reasonError?: string | null;
  },
) {
  const options: VanStatusId[] = settableStatuses(role);
  const offered = current && !options.includes(current as VanStatusId)
    ? [...options, current as VanStatusId].sort()
    : options;
  return (
    <>
      <div className="min-w-40">
        <label htmlFor={`${idPrefix}-status`} className="field-label">{label}</label>
        <select
          id={`${idPrefix}-status`}
          className="field-input"
          value={status}
          disabled={disabled}
          onChange={(e) => onStatus(e.target.value)}
        >
          {current === undefined ? <option value="">Choose…</option> : null}
          {offered.map((s) => (
            <option key={s} value={String(s)} disabled={!options.includes(s)}>{VAN_STATUS_LABELS[s]}</option>
          ))}
        </select>
      </div>
      {status === String(VanStatus.OutOfService)
        ? (
          <div className="min-w-48">
            <label htmlFor={`${idPrefix}-reason`} className="field-label">Reason</label>
            <select
              id={`${idPrefix}-reason`}
              className="field-input"
              value={reason}
              disabled={disabled}
              aria-invalid={reasonError ? true : undefined}
              onChange={(e) => onReason(e.target.value)}
            >
              <option value="">Choose a reason…</option>
              {OOS_REASONS.map((r) => <option key={r} value={String(r)}>{OOS_REASON_LABELS[r]}</option>)}
            </select>
            {reasonError ? <p className="field-error">{reasonError}</p> : null}
          </div>
        )
        : null}
    </>
  );
}

/** True when the picked status can be sent: a status, and a reason when it is Out of Service. */
export function pickComplete(status: string, reason: string): boolean {
  return status !== "" && (status !== String(VanStatus.OutOfService) || reason !== "");
}

/** The JSON body fields for a picked status. */
export function pickBody(
  status: string,
  reason: string,
): { status: number; status_change_reason: number | null } {
  const s = Number(status);
  return { status: s, status_change_reason: s === VanStatus.OutOfService ? Number(reason) : null };
}

// The schedule's two sends. 'Send availability request': pick people, for a future week only. 'Publish':
// the week's days with a role become published and each person gets their shifts by SMS. Both are closed
// by the same rules the server applies (lib/schedule/policy.ts) and say why.
import { type ReactNode, useEffect, useState } from "react";
import Modal from "../ui/Modal.tsx";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import type { SchedulePersonDto, ScheduleWeekDto, SendResultDto } from "../../lib/schedule/dto.ts";
import { publishRefusal, requestRefusal } from "../../lib/schedule/policy.ts";
import { MESSAGE_FAILED, MESSAGE_SENT, SCHEDULE_WORDS } from "../../lib/schedule/errors.ts";

function tell(r: SendResultDto) {
  toast("success", MESSAGE_SENT);
  const skipped = r.skipped_no_mobile + r.skipped_blocked;
  if (skipped) {
    toast(
      "warning",
      `${skipped} of them got nothing: ${r.skipped_no_mobile} without a mobile number, ${r.skipped_blocked} blocked messages.`,
    );
  }
}

function PeoplePicker({ people, chosen, onChosen }: {
  people: SchedulePersonDto[];
  chosen: Set<number>;
  onChosen: (s: Set<number>) => void;
}) {
  const all = people.length > 0 && people.every((p) => chosen.has(p.id));
  return (
    <div className="max-h-72 overflow-y-auto rounded-md border border-slate-200" data-testid="people-picker">
      <label className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm font-medium">
        <input
          type="checkbox"
          checked={all}
          onChange={() =>
            onChosen(
              all ? new Set() : new Set(people.map((p) =>
                p.id
              )),
            )}
          data-testid="pick-all"
        />
        Everyone ({people.length})
      </label>
      {people.map((p) => (
        <label key={p.id} className="flex items-center gap-2 px-3 py-1.5 text-sm">
          <input
            type="checkbox"
            checked={chosen.has(p.id)}
            onChange={() => {
              const next = new Set(chosen);
              if (next.has(p.id)) next.delete(p.id);
              else next.add(p.id);
              onChosen(next);
            }}
            data-testid="pick-person"
          />
          {p.first_name} {p.last_name}
          {!p.has_mobile && <span className="text-xs text-slate-500">(no mobile number)</span>}
        </label>
      ))}
    </div>
  );
}

function SendModal({ open, title, why, busy, onClose, onSend, children, testId }: {
  open: boolean;
  title: string;
  why: string | null;
  busy: boolean;
  onClose: () => void;
  onSend: () => void;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
          <button
            type="button"
            className="btn-primary"
            onClick={onSend}
            disabled={busy || why !== null}
            data-testid={`${testId}-send`}
          >
            {busy ? "Sending…" : "Send"}
          </button>
        </>
      }
    >
      <div className="space-y-3" data-testid={testId}>
        {children}
        {why && <p className="text-sm text-amber-700" data-testid={`${testId}-why`}>{why}</p>}
      </div>
    </Modal>
  );
}

async function send(path: string, params: URLSearchParams): Promise<SendResultDto | null> {
  try {
    const r = await api<SendResultDto>(`${path}?${params}`, { quiet: true });
    tell(r);
    return r;
  } catch (err) {
    toast("error", MESSAGE_FAILED);
    if (err instanceof ApiError) console.warn(err.message);
    return null;
  }
}

export function RequestDialog(
  { open, data, onClose }: { open: boolean; data: ScheduleWeekDto; onClose: () => void },
) {
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(new Set()), [open, data.week, data.year, data.station.id]);
  const code = requestRefusal(data.date_list[0], data.today, chosen.size);
  async function go() {
    setBusy(true);
    const params = new URLSearchParams({
      user_id_list: [...chosen].join("_"),
      week_date: data.date_list[0],
      station_id: String(data.station.id),
    });
    if (await send("/api/send-request-schedule-message/", params)) onClose();
    setBusy(false);
  }
  return (
    <SendModal
      open={open}
      title="Send availability request"
      why={code ? SCHEDULE_WORDS[code] : null}
      busy={busy}
      onClose={onClose}
      onSend={() => void go()}
      testId="request-dialog"
    >
      <p className="text-sm text-slate-600">
        An SMS asks each person chosen for their availability in the week of {data.date_list[0]}.
      </p>
      <PeoplePicker people={data.data_list} chosen={chosen} onChosen={setChosen} />
    </SendModal>
  );
}

export function PublishDialog({ open, data, onClose, onDone }: {
  open: boolean;
  data: ScheduleWeekDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const withRole = data.data_list.filter((p) => p.reports.some((r) => r?.is_available && r.role !== null));
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  useEffect(() => setChosen(new Set(withRole.map((p) => p.id))), [open, data]);
  const dates = withRole.filter((p) => chosen.has(p.id))
    .flatMap((p) => p.reports.filter((r) => r?.is_available && r.role !== null).map((r) => r!.schedule_date));
  const code = publishRefusal(data.date_list[6], data.today, dates);
  async function go() {
    setBusy(true);
    const everyone = withRole.every((p) => chosen.has(p.id));
    const params = new URLSearchParams({
      user_id_list: everyone ? "" : [...chosen].join("_"),
      station_id: String(data.station.id),
      week_date: data.date_list[0],
    });
    if (await send("/api/send-confirmed-schedule-message/", params)) {
      onClose();
      onDone();
    }
    setBusy(false);
  }
  return (
    <SendModal
      open={open}
      title="Publish"
      why={code ? SCHEDULE_WORDS[code] : null}
      busy={busy}
      onClose={onClose}
      onSend={() => void go()}
      testId="publish-dialog"
    >
      <p className="text-sm text-slate-600">
        The days with a role become published, and each person chosen gets their week's shifts by SMS.
      </p>
      <PeoplePicker people={withRole} chosen={chosen} onChosen={setChosen} />
    </SendModal>
  );
}

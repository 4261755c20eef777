// The scoreboard's "Coaching drafts" drawer (issue 12 point 6): the week's drafted coaching SMS, one per DA
// off target, in the DA's language. Management reads each, edits its text, skips it, then sends all; the
// server refuses everything to other roles and skips blocked DAs and DAs without a mobile.
import { useEffect, useState } from "react";
import type { CoachingDraftDto, CoachingDraftsDto, SendDraftsResultDto } from "../../lib/coaching/dto.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import Drawer from "../ui/Drawer.tsx";
import Button from "../ui/Button.tsx";
import StatusBadge, { type StatusLook } from "../ui/StatusBadge.tsx";

const LOOKS: Record<string, StatusLook> = {
  draft: { label: "Draft", tone: "blue" },
  edited: { label: "Edited", tone: "amber" },
  skipped: { label: "Skipped", tone: "grey" },
  sent: { label: "Sent", tone: "green" },
};
const WHY: Record<string, string> = {
  blocked: "Messages to this DA are blocked: not sent.",
  no_mobile: "No mobile number: not sent.",
  no_da: "No DA holds this transporter id: not sent.",
};
const LANG: Record<string, string> = { en: "English", es: "Spanish" };

function DraftCard(
  { draft, onChange }: { draft: CoachingDraftDto; onChange: (d: CoachingDraftDto) => void },
) {
  const [text, setText] = useState(draft.body);
  const [busy, setBusy] = useState(false);
  const sent = draft.status === "sent";
  const skipped = draft.status === "skipped";
  async function patch(body: Record<string, unknown>) {
    setBusy(true);
    try {
      const d = await api<CoachingDraftDto>(`/api/scoreboard/drafts/${draft.id}/`, {
        method: "PATCH",
        body: JSON.stringify(body),
      });
      setText(d.body);
      onChange(d);
    } finally {
      setBusy(false);
    }
  }
  const id = `draft-${draft.id}`;
  return (
    <li className="space-y-2 rounded border border-slate-200 p-3" data-testid="coaching-draft">
      <div className="flex flex-wrap items-center gap-2">
        {sent
          ? <span className="font-medium text-slate-800">{draft.driver_name}</span>
          : <label htmlFor={id} className="font-medium text-slate-800">{draft.driver_name}</label>}
        <StatusBadge status={draft.status} looks={LOOKS} testId="draft-status" />
        <span className="text-xs text-slate-500">
          {draft.measures.map((m) => m.toUpperCase()).join(", ")} · {LANG[draft.language]}
        </span>
      </div>
      {sent
        ? (
          <p
            className="whitespace-pre-wrap rounded bg-slate-50 px-3 py-2 text-sm text-slate-700"
            data-testid="draft-sent-text"
          >
            {draft.body}
          </p>
        )
        : (
          <textarea
            id={id}
            className="field-input min-h-28 text-sm"
            value={text}
            maxLength={1000}
            onChange={(e) => setText(e.target.value)}
            data-testid="draft-text"
          />
        )}
      {draft.cannot_send && !sent ? <p className="text-xs text-amber-800">{WHY[draft.cannot_send]}</p> : null}
      {sent ? null : (
        <div className="flex gap-2">
          <Button
            className="btn-secondary py-1 text-xs"
            disabled={busy}
            disabledReason={text.trim() === draft.body
              ? "Change the text first"
              : !text.trim()
              ? "Write the message"
              : null}
            onClick={() => patch({ body: text.trim() })}
            data-testid="draft-save"
          >
            Save text
          </Button>
          <Button
            className="btn-secondary py-1 text-xs"
            disabled={busy}
            onClick={() => patch({ skipped: !skipped })}
            data-testid="draft-skip"
          >
            {skipped ? "Undo skip" : "Skip"}
          </Button>
        </div>
      )}
    </li>
  );
}

export default function CoachingDrafts(
  { station, year, week }: { station: number; year: number; week: number },
) {
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<CoachingDraftDto[] | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!open) return;
    setDrafts(null);
    api<CoachingDraftsDto>(`/api/scoreboard/drafts/?station=${station}&year=${year}&week=${week}`)
      .then((d) => setDrafts(d.results), () => setDrafts([]));
  }, [open, station, year, week]);
  const ready = (drafts ?? []).filter((d) =>
    (d.status === "draft" || d.status === "edited") && !d.cannot_send
  );
  async function sendAll() {
    setSending(true);
    try {
      const r = await api<SendDraftsResultDto>("/api/scoreboard/drafts/send/", {
        method: "POST",
        body: JSON.stringify({ station, year, week }),
      });
      toast(
        "success",
        `${r.sent} coaching messages sent, ${r.skipped_blocked} blocked, ${r.skipped_no_mobile} without a mobile; ` +
          `${r.actions_logged} actions logged.`,
      );
      const d = await api<CoachingDraftsDto>(
        `/api/scoreboard/drafts/?station=${station}&year=${year}&week=${week}`,
      );
      setDrafts(d.results);
    } finally {
      setSending(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => setOpen(true)}
        data-testid="coaching-drafts"
      >
        Coaching drafts
      </button>
      <Drawer
        open={open}
        title={`Coaching drafts, week ${week}`}
        onClose={() => setOpen(false)}
        footer={
          <Button
            className="btn-primary"
            disabled={sending}
            disabledReason={drafts && !ready.length ? "No draft is ready to send" : null}
            onClick={sendAll}
            data-testid="drafts-send-all"
          >
            {sending ? "Sending…" : `Send all (${ready.length})`}
          </Button>
        }
      >
        <p className="text-sm text-slate-600">
          Written after the week's import for each DA off target, in the DA's language. Edit or skip, then
          send all; each sent message is logged as a coaching action.
        </p>
        {drafts === null
          ? <p className="text-sm text-slate-500">Loading…</p>
          : drafts.length
          ? (
            <ul className="space-y-3" data-testid="coaching-drafts-list">
              {drafts.map((d) => (
                <DraftCard
                  key={`${d.id}-${d.status}`}
                  draft={d}
                  onChange={(n) => setDrafts((all) => (all ?? []).map((x) => (x.id === n.id ? n : x)))}
                />
              ))}
            </ul>
          )
          : (
            <p className="text-sm text-slate-600" data-testid="coaching-drafts-empty">
              Every DA was on target this week: nothing to coach.
            </p>
          )}
      </Drawer>
    </>
  );
}

// Notify asks first (issue 10): the server's dry run of the very plan a send writes (who gets which
// message, who gets none and why, the texts), then Send or Cancel; after sending, the toast and a link to
// those messages in the outbox.
import { useEffect, useState } from "react";
import Modal from "../ui/Modal.tsx";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";

type Kind = "shift_attendance" | "shift_status";
interface Person {
  record_id: number;
  slot: "first" | "second";
  name: string;
  number: string | null;
}
interface Preview {
  count: number;
  recipients: (Person & { kind: Kind; body: string })[];
  skipped: (Person & { reason: "blocked" | "no_mobile" | "invalid_mobile"; why: string })[];
}
interface Sent {
  sent: number;
  skipped_blocked: number;
  skipped_no_mobile: number;
  skipped_invalid_mobile: number;
  outbox_url: string | null;
}

const KIND_LABEL: Record<Kind, string> = { shift_attendance: "Attendance", shift_status: "Status" };
const NOTIFY_URL = "/api/send-message-for-drivers/";
const FAILED = "Something was wrong!";
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

export default function NotifyDialog({ open, reportId, onClose, onSent }: {
  open: boolean;
  reportId: number;
  onClose: () => void;
  /** After a send: the tracker reloads the rows so the 'Not Published' marks go. */
  onSent: () => Promise<unknown> | void;
}) {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setPreview(null);
    setSent(null);
    let live = true;
    api<Preview>(NOTIFY_URL, {
      method: "POST",
      quiet: true,
      json: { da_tracker_id: reportId, dry_run: true },
    })
      .then((p) => live && setPreview(p))
      .catch(() => {
        toast("error", FAILED);
        if (live) onClose();
      });
    return () => {
      live = false;
    };
  }, [open, reportId]);

  async function send() {
    setBusy(true);
    try {
      const res = await api<Sent>(NOTIFY_URL, {
        method: "POST",
        quiet: true,
        json: { da_tracker_id: reportId },
      });
      toast("success", "Message to drivers has been send!");
      setSent(res);
      await onSent();
    } catch {
      toast("error", FAILED);
      onClose();
    }
    setBusy(false);
  }

  // Blocked DAs get nothing but are marked published, so a send with only them still does something.
  const canSend = !!preview && (preview.count > 0 || preview.skipped.some((s) => s.reason === "blocked"));
  const footer = sent
    ? <button type="button" className="btn-primary" onClick={onClose} data-testid="notify-done">Done</button>
    : (
      <>
        <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>Cancel</button>
        <button
          type="button"
          className="btn-primary"
          onClick={send}
          disabled={!canSend || busy}
          data-testid="notify-send"
        >
          {busy ? "Sending…" : preview?.count ? `Send ${plural(preview.count, "message")}` : "Send"}
        </button>
      </>
    );
  return (
    <Modal open={open} title="Notify drivers" onClose={onClose} footer={footer} wide>
      <div className="space-y-4 text-sm text-slate-700" data-testid="notify-dialog">
        {sent
          ? <SentNote sent={sent} />
          : preview
          ? <PreviewBody preview={preview} />
          : <p className="py-6 text-center text-slate-500">Checking who gets what…</p>}
      </div>
    </Modal>
  );
}

function SentNote({ sent }: { sent: Sent }) {
  const kept = sent.skipped_no_mobile + sent.skipped_invalid_mobile;
  return (
    <div data-testid="notify-sent">
      <p>
        <span className="font-semibold">{plural(sent.sent, "message")}</span> queued for sending.
        {kept ? ` ${plural(kept, "DA")} without a usable mobile number stay not published.` : ""}
      </p>
      {sent.outbox_url
        ? (
          <a
            className="mt-2 inline-block text-brand-600 underline"
            href={sent.outbox_url}
            data-testid="notify-outbox"
          >
            See these messages in the outbox
          </a>
        )
        : null}
    </div>
  );
}

function PreviewBody({ preview }: { preview: Preview }) {
  const samples = (["shift_attendance", "shift_status"] as Kind[])
    .map((k) => preview.recipients.find((r) => r.kind === k))
    .filter((r) => r !== undefined);
  return (
    <>
      <p data-testid="notify-count">
        {preview.count
          ? (
            <>
              <span className="font-semibold">{plural(preview.count, "DA")}</span> will get an SMS.
            </>
          )
          : "No DA will get an SMS."}
      </p>
      {preview.recipients.length
        ? (
          <div className="overflow-x-auto">
            <table className="data-table" data-testid="notify-recipients">
              <thead>
                <tr>
                  <th>DA</th>
                  <th>Number</th>
                  <th>Message</th>
                </tr>
              </thead>
              <tbody>
                {preview.recipients.map((r) => (
                  <tr key={`${r.record_id}-${r.slot}`} title={r.body}>
                    <td>{r.name}</td>
                    <td className="whitespace-nowrap">{r.number}</td>
                    <td>{KIND_LABEL[r.kind]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : null}
      {preview.skipped.length ? <Skipped rows={preview.skipped} /> : null}
      {samples.map((r) => (
        <div key={r.kind} data-testid="notify-preview">
          <h3 className="mb-1 font-semibold text-slate-900">
            {KIND_LABEL[r.kind]} message, as {r.name} gets it
          </h3>
          <p className="rounded bg-slate-50 p-3 text-slate-700">{r.body}</p>
        </div>
      ))}
    </>
  );
}

function Skipped({ rows }: { rows: Preview["skipped"] }) {
  return (
    <div data-testid="notify-skipped">
      <h3 className="mb-1 font-semibold text-amber-800">Will not get a message ({rows.length})</h3>
      <ul className="space-y-1 rounded border border-amber-200 bg-amber-50 p-3">
        {rows.map((s) => (
          <li key={`${s.record_id}-${s.slot}`}>
            <span className="font-medium">{s.name}</span>
            {s.number ? <span className="text-slate-500">{` · ${s.number}`}</span> : null}
            <span className="text-slate-600">{` — ${s.why}`}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

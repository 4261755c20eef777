// The outbox's simulated phone (demo, no Twilio): answer one of our SMS as its DA would. The reply goes
// to the same handler as Twilio's webhook; the page then reloads so the reply shows in the log, and an
// open tracker picks the status change up through its change feed.
import { go } from "../client/router.ts";
import { useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { reactIsland } from "../ui/island.ts";

interface Answer {
  message_id: number | null;
  outcome: string;
  outcome_text: string;
}

export default function SimulateReply({ messageId, to }: { messageId: number; to: string }) {
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState("YES");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (!open) {
    return (
      <button
        type="button"
        className="btn-ghost mt-1 px-2 py-1 text-xs text-brand-700"
        data-testid="simulate-reply"
        onClick={() => setOpen(true)}
      >
        ↩ Simulate reply
      </button>
    );
  }

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<Answer>("/api/sms/simulate/", {
        method: "POST",
        json: { message: messageId, body },
        quiet: true,
      });
      setResult(r.outcome_text || r.outcome);
      setTimeout(() => go(window.location.href, { replace: true }), 1200);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
      setBusy(false);
    }
  }

  return (
    <form
      className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-2"
      onSubmit={send}
      data-testid="simulate-form"
    >
      <label className="field-label text-xs" htmlFor={`reply-${messageId}`}>
        Reply from {to} (as the driver's phone would)
      </label>
      <div className="flex gap-2">
        <input
          id={`reply-${messageId}`}
          className="field-input py-1"
          value={body}
          maxLength={1600}
          onChange={(e) => setBody(e.target.value)}
          disabled={busy}
          data-testid="simulate-body"
        />
        <button
          type="submit"
          className="btn-primary px-3 py-1"
          disabled={busy || !body.trim()}
          title={!body.trim() ? "Write the reply first" : undefined}
        >
          Send
        </button>
        <button type="button" className="btn-ghost px-2 py-1" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
      {result && (
        <p className="mt-1 text-xs font-medium text-emerald-700" role="status">Reply received: {result}</p>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </form>
  );
}

reactIsland(SimulateReply);

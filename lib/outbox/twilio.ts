// SMS through Twilio's HTTP API (decisions.md: a real SMS provider is switched on by the environment).
// One POST per message to /2010-04-01/Accounts/{sid}/Messages.json with basic auth and form fields
// To, From, Body. A non-2xx answer throws with Twilio's own message, so the outbox records why.
import type { Transport } from "./sender.ts";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service SID (MG...). */
  from: string;
  /** https://api.twilio.com unless set (TWILIO_API_BASE, for a test double). */
  apiBase?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const TWILIO_DEFAULT_BASE = "https://api.twilio.com";

export function twilioMessagesUrl(apiBase: string, accountSid: string): string {
  return `${apiBase.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
}

export function twilioTransport(opts: TwilioOptions): Transport {
  const url = twilioMessagesUrl(opts.apiBase ?? TWILIO_DEFAULT_BASE, opts.accountSid);
  const auth = "Basic " + btoa(`${opts.accountSid}:${opts.authToken}`);
  const doFetch = opts.fetch ?? fetch;
  return {
    async send(m) {
      const form = new URLSearchParams({ To: m.recipient, Body: m.body });
      form.set(opts.from.startsWith("MG") ? "MessagingServiceSid" : "From", opts.from);
      const res = await doFetch(url, {
        method: "POST",
        headers: {
          authorization: auth,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form.toString(),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      const text = await res.text();
      if (!res.ok) {
        let reason = text.slice(0, 300);
        try {
          const body = JSON.parse(text) as { message?: string; code?: number };
          if (body.message) reason = `${body.message}${body.code ? ` (Twilio error ${body.code})` : ""}`;
        } catch { /* not JSON: keep the text */ }
        throw new Error(`Twilio answered ${res.status}: ${reason}`);
      }
    },
  };
}

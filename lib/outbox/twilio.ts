// SMS through Twilio's HTTP API (decisions.md: a real SMS provider is switched on by the environment).
// One POST per message to /2010-04-01/Accounts/{sid}/Messages.json with basic auth and form fields
// To, From, Body. A non-2xx answer throws with Twilio's own message, so the outbox records why. Each POST
// carries the message's idempotency key (`Idempotency-Key` and Twilio's `I-Twilio-Idempotency-Token`), and
// the Message SID Twilio answers is kept as the provider reference. Before an interrupted message is tried
// again, `lookup` lists the recipient's messages since it was written and matches the body: found, it is
// not sent twice.
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
  const headers = (key: string) => ({
    authorization: auth,
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
    "idempotency-key": key,
    "i-twilio-idempotency-token": key,
  });
  return {
    async lookup(m, since) {
      const query = new URLSearchParams({ To: m.recipient, PageSize: "100" });
      query.set("DateSent>", since.toISOString().slice(0, 10));
      const res = await doFetch(`${url}?${query}`, {
        headers: { authorization: auth, accept: "application/json" },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      if (!res.ok) {
        throw new Error(`Twilio answered ${res.status} to the look-up: ${(await res.text()).slice(0, 200)}`);
      }
      const list = (await res.json()) as { messages?: { sid: string; body: string; status: string }[] };
      const hit = (list.messages ?? []).find((x) =>
        x.body === m.body && !["failed", "undelivered", "canceled"].includes(x.status)
      );
      return hit?.sid ?? null;
    },
    async send(m) {
      const form = new URLSearchParams({ To: m.recipient, Body: m.body });
      form.set(opts.from.startsWith("MG") ? "MessagingServiceSid" : "From", opts.from);
      const res = await doFetch(url, {
        method: "POST",
        headers: headers(m.idempotencyKey),
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
      try {
        return { providerRef: (JSON.parse(text) as { sid?: string }).sid };
      } catch {
        return {};
      }
    },
  };
}

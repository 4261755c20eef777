// Twilio's Messaging webhook: a driver's SMS reply, posted form-encoded with X-Twilio-Signature. No
// session: the signature, made with TWILIO_AUTH_TOKEN over PUBLIC_URL + path and the fields, is the proof.
// The answer is empty TwiML (no auto-reply); refusals are coded 403s and logged.
import type { APIRoute } from "astro";
import { errorResponse } from "../../../lib/web/endpoint.ts";
import { publicBaseUrl } from "../../../lib/web/base-url.ts";
import { log } from "../../../lib/log/logger.ts";
import { twilioAuthToken } from "../../../lib/outbox/transports.ts";
import { verifyTwilioSignature } from "../../../lib/outbox/twilio-signature.ts";
import { badSignature, notForm, unsigned, webhookOff } from "../../../lib/outbox/errors.ts";
import { twilioInbound } from "../../../lib/outbox/inputs.ts";
import { handleSmsReply } from "../../../lib/shifts/tracker/sms-reply.ts";
import { isDomainError } from "../../../lib/errors.ts";

export const POST: APIRoute = async (ctx) => {
  try {
    const token = twilioAuthToken();
    if (!token) throw webhookOff();
    const type = ctx.request.headers.get("content-type") ?? "";
    if (!type.toLowerCase().startsWith("application/x-www-form-urlencoded")) throw notForm();
    const params = [...new URLSearchParams(await ctx.request.text())];
    const signature = ctx.request.headers.get("x-twilio-signature");
    if (!signature) throw unsigned();
    // The URL as Twilio was told it: PUBLIC_URL + this path, never the Host header the sender chooses.
    const url = publicBaseUrl() + ctx.url.pathname + ctx.url.search;
    if (!await verifyTwilioSignature(token, signature, url, params)) throw badSignature();
    const sms = twilioInbound.parse(Object.fromEntries(params));
    await handleSmsReply(ctx.locals.db, {
      from: sms.From,
      to: sms.To,
      body: sms.Body,
      messageSid: sms.MessageSid,
    });
    return new Response('<?xml version="1.0" encoding="UTF-8"?><Response/>', {
      headers: { "content-type": "text/xml; charset=utf-8" },
    });
  } catch (e) {
    if (isDomainError(e)) log.warn("sms webhook refused", { code: e.code, reason: e.message });
    return errorResponse(e);
  }
};

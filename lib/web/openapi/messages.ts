// OpenAPI registry entries: the two-way message log's SMS side (issue 10 point 3). The outbox list itself
// is in system.ts. lib/web/openapi.ts assembles the document.
import { simulateReplyInput } from "../../outbox/inputs.ts";
import type { Operation } from "./types.ts";

export const messagesOperations: readonly Operation[] = [
  {
    method: "POST",
    path: "/api/sms/inbound/",
    tag: "outbox",
    auth: "public",
    summary: "Twilio's Messaging webhook: a driver's SMS reply",
    description:
      'Point Twilio\'s "A message comes in" webhook (HTTP POST) at PUBLIC_URL + `/api/sms/inbound/`. ' +
      "The body is Twilio's `application/x-www-form-urlencoded` post (`From`, `To`, `Body`, `MessageSid`, ...); " +
      "no session: the `X-Twilio-Signature` header (HMAC-SHA1 with TWILIO_AUTH_TOKEN over PUBLIC_URL + path " +
      "and the sorted fields) must match. A yes (YES, Y, 1, OK, CONFIRM) or no (NO, N, 2, CANCEL) from a DA's " +
      "number sets their next pending row Confirmed or Rejected; every reply is stored in the outbox log.",
    response: "Empty TwiML, `<Response/>` (text/xml)",
    errors: {
      400: "`sms.not_form_encoded`: not a form post",
      403: "`sms.signature_missing`, `sms.signature_invalid`, or `sms.webhook_not_configured` " +
        "(TWILIO_AUTH_TOKEN unset)",
    },
  },
  {
    method: "POST",
    path: "/api/sms/simulate/",
    tag: "outbox",
    auth: "outbox.simulateReply",
    summary: "Demo: reply to one of our SMS as its DA would",
    description:
      "Feeds the same handler as the webhook, from the number the SMS went to. Only while Twilio " +
      "is not configured (otherwise 403 `sms.simulate_off`).",
    body: simulateReplyInput,
    response: "`{message_id, da_id, outcome, outcome_text}`: the stored reply and what it did",
    errors: { 404: "`sms.not_an_outbound_sms`: no SMS of ours with that id" },
  },
];

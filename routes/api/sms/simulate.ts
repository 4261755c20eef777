// The outbox's simulated phone (demo): a reply to one of our SMS, fed to the same handler as Twilio's
// webhook. Signed-in owners only, and only while Twilio is not configured (docs/decisions.md).
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { simulateReplyInput } from "../../../lib/outbox/inputs.ts";
import { twilioFromEnv } from "../../../lib/outbox/transports.ts";
import { outboundSms } from "../../../lib/outbox/queries.ts";
import { notAnSms, simulateOff } from "../../../lib/outbox/errors.ts";
import { outcomeText } from "../../../lib/outbox/replies.ts";
import { handleSmsReply } from "../../../lib/shifts/tracker/sms-reply.ts";

export const POST = endpoint("outbox.simulateReply", async ({ db, request }) => {
  if (twilioFromEnv()) throw simulateOff();
  const input = await readJson(request, simulateReplyInput);
  const sent = await outboundSms(db, input.message);
  if (!sent) throw notAnSms(input.message);
  const r = await handleSmsReply(db, {
    from: sent.recipient,
    to: "simulated",
    body: input.body,
    simulated: true,
  });
  return {
    message_id: r.messageId,
    da_id: r.daId,
    outcome: r.outcome.outcome,
    outcome_text: outcomeText(r.outcome),
  };
});

import { z } from "zod";
import { dbId, dbIdQuery, queryInt, text } from "../inputs/fields.ts";

/** The outbox's list query: paging plus the two-way log's filters. */
export const outboxQuery = z.object({
  page: queryInt(1, 2_147_483_647).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  da: dbIdQuery().optional(),
  batch: text().trim().max(40).optional().transform((v) => v || undefined),
  direction: z.enum(["out", "in"]).optional(),
});

/** The simulated phone (demo): a reply to one outbound SMS, as if the DA had sent it. */
export const simulateReplyInput = z.object({
  message: dbId(),
  body: text().trim().min(1, "Write the reply.").max(1600, "At most 1600 characters."),
}).strict();

/** Twilio's inbound-message fields the webhook reads (it sends many more; all are signed). */
export const twilioInbound = z.object({
  From: text().min(1, "Required").max(64),
  To: text().max(64).default(""),
  Body: text().max(1600).default(""),
  MessageSid: text().max(64).optional(),
});

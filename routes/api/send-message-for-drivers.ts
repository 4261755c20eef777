import { z } from "zod";
import { dbId } from "../../lib/inputs/fields.ts";
import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { NOTIFY_KINDS, notifyDrivers } from "../../lib/shifts/notify.ts";

const notifyInput = z.object({
  da_tracker_id: dbId("Required"),
  /** Optional, as the spec's client may send it: only that kind of message. */
  message_type: z.enum(NOTIFY_KINDS as ["shift_attendance", "shift_status"]).optional(),
});

/** Notify: the report's unpublished statuses go to the outbox as SMS, marked published in one transaction. */
export const POST = endpoint("shifts.notify", async (ctx) => {
  const input = await readJson(ctx.request, notifyInput);
  return notifyDrivers(ctx.db, ctx.viewer, input.da_tracker_id, input.message_type);
});

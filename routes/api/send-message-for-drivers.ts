import { z } from "zod";
import { dbId } from "../../lib/inputs/fields.ts";
import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { canOpen } from "../../lib/auth/permissions.ts";
import { NOTIFY_KINDS, notifyDrivers } from "../../lib/shifts/notify.ts";

const notifyInput = z.object({
  da_tracker_id: dbId("Required"),
  /** Optional, as the spec's client may send it: only that kind of message. */
  message_type: z.enum(NOTIFY_KINDS as ["shift_attendance", "shift_status"]).optional(),
  /** Optional (not in the spec): answer who would get what, and write nothing. The tracker asks first. */
  dry_run: z.boolean().optional(),
});

/** Notify: the report's unpublished statuses go to the outbox as SMS, marked published in one transaction. */
export const POST = endpoint("shifts.notify", async (ctx) => {
  const input = await readJson(ctx.request, notifyInput);
  if (input.dry_run) {
    return notifyDrivers(ctx.db, ctx.viewer, input.da_tracker_id, input.message_type, { dryRun: true });
  }
  const sent = await notifyDrivers(ctx.db, ctx.viewer, input.da_tracker_id, input.message_type);
  // The link to the messages only for a viewer the outbox page lets in.
  return canOpen(ctx.viewer.role, "/outbox") ? sent : { ...sent, outbox_url: null };
});

import { endpoint } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { publicBaseUrl } from "../../../../lib/web/base-url.ts";
import { sendPasswordLink } from "../../../../lib/staff/mutations.ts";

/** A fresh set-password link (valid 7 days) through the outbox. */
export const POST = endpoint(
  "staff.manage",
  async (ctx) => sendPasswordLink(ctx.db, ctx.viewer, idParam(ctx.params.id), publicBaseUrl()),
);

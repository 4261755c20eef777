import { endpoint, readJson } from "../../lib/web/endpoint.ts";
import { statusChangeInput } from "../../lib/das/inputs.ts";
import { changeStatuses } from "../../lib/das/mutations.ts";
import { isActiveStatus } from "../../lib/das/policy.ts";

/**
 * updateUserStatus, one DA ({id, status}) or a batch ({id_list, status}), with an optional reason for the
 * history. Answers the date and the editor (what the rows show afterwards), the status and the ids whose
 * status actually changed.
 */
export const POST = endpoint("das.changeStatus", async (ctx) => {
  const input = await readJson(ctx.request, statusChangeInput);
  const result = await changeStatuses(ctx.db, ctx.viewer, input);
  return { ...result, status: input.status, is_active: isActiveStatus(input.status), id_list: input.ids };
});

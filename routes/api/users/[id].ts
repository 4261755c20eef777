import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { profileInput } from "../../../lib/users/inputs.ts";
import { updateOwnProfile } from "../../../lib/users/mutations.ts";
import { currentUserDto, loadViewer } from "../../../lib/users/current-user.ts";
import { idParam } from "../../../lib/web/params.ts";

export const PATCH = endpoint("account.update", async (ctx) => {
  const id = idParam(ctx.params.id);
  await updateOwnProfile(ctx.db, ctx.viewer, id, await readJson(ctx.request, profileInput));
  return currentUserDto((await loadViewer(ctx.db, id, null))!);
});

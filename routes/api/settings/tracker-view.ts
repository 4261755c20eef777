// The signed-in user's shift tracker view (issue 14): column set, order, hidden columns, density.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { trackerViewInput } from "../../../lib/shifts/tracker/inputs.ts";
import { loadTrackerView, saveTrackerView } from "../../../lib/users/view-settings.ts";

export const GET = endpoint("account.read", ({ db, viewer }) => loadTrackerView(db, viewer.id));

export const PUT = endpoint("settings.update", async (ctx) => {
  const input = await readJson(ctx.request, trackerViewInput);
  return saveTrackerView(ctx.db, ctx.viewer.id, input);
});

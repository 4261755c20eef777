// send notification to drivers (03 section 7): each DA of the station's week gets their summary by SMS
// through the outbox; blocked DAs and DAs without a mobile are skipped and counted.
import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { notifyInput } from "../../../lib/scoreboard/inputs.ts";
import { notifyWeek } from "../../../lib/scoreboard/mutations.ts";

export const POST = endpoint(
  "scoreboard.notify",
  async (ctx) => notifyWeek(ctx.db, ctx.viewer, await readJson(ctx.request, notifyInput)),
);

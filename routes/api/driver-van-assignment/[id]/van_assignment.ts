// PUT api/driver-van-assignment/{id}/van_assignment/ {date, station, fleet_size} (02 section 7): a free van
// of the size onto tracker row {id}; answers {van, record}. No free van: 02's 'No Free Vans' refusal.
import { endpoint, readJson } from "../../../../lib/web/endpoint.ts";
import { idParam } from "../../../../lib/web/params.ts";
import { assignVanBySize, vanAssignmentInput } from "../../../../lib/shifts/van-assignment.ts";

export const PUT = endpoint(
  "shifts.edit",
  async (ctx) =>
    assignVanBySize(
      ctx.db,
      ctx.viewer,
      idParam(ctx.params.id),
      await readJson(ctx.request, vanAssignmentInput),
    ),
);

// POST api/driver-van-assignment/ {record, driver, van: null} (02 section 7): the DA onto a tracker row;
// answers the assignment, whose id is the row's (lib/shifts/van-assignment.ts).
import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { assignDriver, assignmentCreateInput } from "../../lib/shifts/van-assignment.ts";

export const POST = endpoint("shifts.edit", async (ctx) => {
  const assignment = await assignDriver(
    ctx.db,
    ctx.viewer,
    await readJson(ctx.request, assignmentCreateInput),
  );
  return json(assignment, 201);
});

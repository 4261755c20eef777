import { endpoint, json, readJson } from "../../lib/web/endpoint.ts";
import { spotCreateInput } from "../../lib/das/inputs.ts";
import { createSpot } from "../../lib/das/spots.ts";

/** createStationSpot: the client reads the new spot from `data`. */
export const POST = endpoint(
  "das.editSpots",
  async (ctx) =>
    json({ data: await createSpot(ctx.db, ctx.viewer, await readJson(ctx.request, spotCreateInput)) }, 201),
);

import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { spotEditInput } from "../../../lib/das/inputs.ts";
import { editSpots } from "../../../lib/das/spots.ts";

/** editStationSpot: saves stationSpots, deletes spotsToDelete; returns the DA's spots. */
export const POST = endpoint(
  "das.editSpots",
  async (ctx) => editSpots(ctx.db, ctx.viewer, await readJson(ctx.request, spotEditInput)),
);

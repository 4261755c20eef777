// GET api/fleet-size/ (02 section 7): the spec's name for the fleet size picker, {results}.
import { endpoint } from "../../lib/web/endpoint.ts";
import { fleetSizeOptions } from "../../lib/vans/fleet-sizes.ts";

export const GET = endpoint("reference.read", async (ctx) => ({ results: await fleetSizeOptions(ctx.db) }));

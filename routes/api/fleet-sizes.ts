import { endpoint } from "../../lib/web/endpoint.ts";
import { fleetSizeOptions } from "../../lib/vans/fleet-sizes.ts";

export const GET = endpoint("reference.read", async (ctx) => ({ results: await fleetSizeOptions(ctx.db) }));

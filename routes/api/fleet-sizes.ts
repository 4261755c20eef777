import { endpoint } from "../../lib/web/endpoint.ts";
import { listFleetSizes } from "../../lib/vans/queries.ts";

export const GET = endpoint("reference.read", async (ctx) => ({ results: await listFleetSizes(ctx.db) }));

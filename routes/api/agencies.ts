import { endpoint } from "../../lib/web/endpoint.ts";
import { listAgencies } from "../../lib/stations/agencies-fleet-groups.ts";

/** getAgencies (03 section 7). */
export const GET = endpoint("reference.read", async (ctx) => ({ results: await listAgencies(ctx.db) }));

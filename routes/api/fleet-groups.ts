import { endpoint } from "../../lib/web/endpoint.ts";
import { listFleetGroups } from "../../lib/stations/agencies-fleet-groups.ts";

/** getFleetGroups (03 section 7). */
export const GET = endpoint("reference.read", async (ctx) => ({ results: await listFleetGroups(ctx.db) }));

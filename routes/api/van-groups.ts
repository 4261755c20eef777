import { endpoint } from "../../lib/web/endpoint.ts";
import { listVanGroups } from "../../lib/vans/queries.ts";

export const GET = endpoint("reference.read", async (ctx) => ({ results: await listVanGroups(ctx.db) }));

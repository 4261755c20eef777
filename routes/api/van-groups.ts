import { endpoint } from "../../lib/web/endpoint.ts";
import { vanGroupOptions } from "../../lib/vans/van-groups.ts";

export const GET = endpoint("reference.read", async (ctx) => ({ results: await vanGroupOptions(ctx.db) }));

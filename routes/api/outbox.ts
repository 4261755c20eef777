import { z } from "zod";
import { endpoint } from "../../lib/web/endpoint.ts";
import { listOutbox } from "../../lib/outbox/queries.ts";
import { queryParams } from "../../lib/web/params.ts";

const query = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});

export const GET = endpoint("outbox.read", async (ctx) => {
  const q = query.parse(queryParams(ctx.url));
  return listOutbox(ctx.db, q.page, q.page_size);
});

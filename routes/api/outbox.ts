import { endpoint } from "../../lib/web/endpoint.ts";
import { listOutbox } from "../../lib/outbox/queries.ts";
import { outboxQuery } from "../../lib/outbox/inputs.ts";
import { queryParams } from "../../lib/web/params.ts";

/** The two-way message log: ?da= one DA's messages both ways, ?batch= one Notify, ?direction=in|out. */
export const GET = endpoint("outbox.read", async (ctx) => {
  const q = outboxQuery.parse(queryParams(ctx.url));
  return listOutbox(ctx.db, q.page, q.page_size, { da: q.da, batch: q.batch, direction: q.direction });
});

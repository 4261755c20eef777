import type { APIRoute } from "astro";
import { getDbHandle } from "../../lib/db/client.ts";
import { readiness } from "../../lib/ops/figures.ts";
import { json } from "../../lib/web/endpoint.ts";

/** Readiness: the database answers, its migrations are current, the outbox keeps up; else 503 saying which. */
export const GET: APIRoute = async () => {
  const ready = await readiness(await getDbHandle());
  return json(ready, ready.status === "ready" ? 200 : 503, { "cache-control": "no-store" });
};

import type { APIRoute } from "astro";
import { getDbHandle, ping } from "../../lib/db/client.ts";
import { json } from "../../lib/web/endpoint.ts";

export const GET: APIRoute = async () => {
  const h = await getDbHandle();
  const ok = await ping(h.db);
  return json(
    { status: ok ? "ok" : "unavailable", database: { kind: h.kind, reachable: ok } },
    ok ? 200 : 503,
  );
};

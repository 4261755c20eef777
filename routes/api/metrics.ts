import type { APIRoute } from "astro";
import { getDbHandle } from "../../lib/db/client.ts";
import { databaseGauges } from "../../lib/ops/figures.ts";
import { renderMetrics } from "../../lib/ops/metrics.ts";
import { metricsAccess } from "../../lib/ops/access.ts";
import { json } from "../../lib/web/endpoint.ts";

/** Prometheus text format, for a scraper holding METRICS_TOKEN. */
export const GET: APIRoute = async (ctx) => {
  const access = metricsAccess(ctx.request.headers.get("authorization"));
  if (access === "off") {
    return json(
      { detail: "Metrics are off: set METRICS_TOKEN to switch them on.", code: "metrics.off" },
      404,
    );
  }
  if (access === "refused") {
    return json(
      { detail: "Send Authorization: Bearer <METRICS_TOKEN>.", code: "metrics.unauthorized" },
      401,
      { "www-authenticate": "Bearer" },
    );
  }
  const body = renderMetrics(await databaseGauges(await getDbHandle()));
  return new Response(body, {
    headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
  });
};

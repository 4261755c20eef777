// Who may read /api/metrics: a scraper holding METRICS_TOKEN (Prometheus' `authorization: credentials`).
import { timingSafeEqual } from "node:crypto";
import { config } from "../config.ts";

export type MetricsAccess = "off" | "refused" | "ok";

/** "off" while METRICS_TOKEN is unset; "ok" for `Authorization: Bearer <METRICS_TOKEN>`. */
export function metricsAccess(authorization: string | null, token = config.metricsToken): MetricsAccess {
  if (!token) return "off";
  const given = /^bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(token);
  return a.length === b.length && timingSafeEqual(a, b) ? "ok" : "refused";
}

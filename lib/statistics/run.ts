import { can } from "../auth/permissions.ts";
import type { Db } from "../db/client.ts";
import { DomainError, forbidden } from "../errors.ts";
import type { Viewer } from "../users/current-user.ts";
import { STATISTICS } from "./registry.ts";

export const STATISTIC_ERRORS = { unknown: "statistic.unknown" } as const;

/** Runs the named statistic for the viewer: unknown names are a 400 naming the choices. */
export async function runStatistic(db: Db, viewer: Viewer, params: URLSearchParams): Promise<unknown> {
  const name = params.get("statistic") ?? "";
  const stat = Object.hasOwn(STATISTICS, name) ? STATISTICS[name] : undefined;
  if (!stat) {
    const known = Object.keys(STATISTICS).sort().join(", ");
    throw new DomainError(
      STATISTIC_ERRORS.unknown,
      "invalid",
      name ? `There is no statistic '${name}'. Known: ${known}.` : `Name a statistic: ${known}.`,
      { field: "statistic" },
    );
  }
  if (!can(viewer.role, stat.action)) throw forbidden();
  return await stat.run(db, viewer, params);
}

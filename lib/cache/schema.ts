import { bigint, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Versions of what the app servers keep in memory (lib/cache/epochs.ts). Triggers (migration 0006) bump
 * `org` when a table of org-wide reference data changes (stations, agencies, fleet groups, van groups,
 * fleet sizes, org settings) and `user:<id>` when a user's spots, their fleet groups or menu settings
 * change; a user's own row is versioned by its xmin. Every request reads them in the statement that
 * checks its session, so a change made through any server (or psql) is seen by the next request anywhere.
 */
export const cacheEpochs = pgTable("cache_epochs", {
  key: text("key").primaryKey(),
  epoch: bigint("epoch", { mode: "number" }).notNull().default(0),
});

// The one rule tying a file's transporter id to a DA: the register's users.transporter_id, or an alias made
// by "map to DA" (transporter_aliases). Rows are never rewritten: every screen asks through these fragments,
// so an id the register lacks today links up by itself the day a DA gains it.
import { type SQL, sql } from "drizzle-orm";

/** The DA (users.id) a transporter id belongs to, or null. */
export function daIdOf(tid: SQL): SQL<number | null> {
  return sql<number | null>`coalesce(
    (select mu.id from users mu where mu.transporter_id = ${tid}),
    (select ma.user_id from transporter_aliases ma where ma.transporter_id = ${tid}))`;
}

/** True when some DA holds the transporter id. */
export function isMatched(tid: SQL): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from users mu where mu.transporter_id = ${tid})
    or exists (select 1 from transporter_aliases ma where ma.transporter_id = ${tid}))`;
}

/** True when no DA holds the transporter id. */
export function isUnmatched(tid: SQL): SQL<boolean> {
  return sql<boolean>`not ${isMatched(tid)}`;
}

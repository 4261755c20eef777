import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { users } from "../org/schema.ts";
import { userInStations } from "../stations/queries.ts";
import type { z } from "zod";
import type { usersListQuery } from "./inputs.ts";

export interface UserListItemDto {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: number;
  status: number;
  badge: string | null;
  transporter_id: string | null;
}

/** Users who share at least one of the caller's stations; the scope is part of the query itself. */
export async function listUsers(
  db: Queryable,
  stationIds: readonly number[],
  q: z.infer<typeof usersListQuery>,
) {
  const where: SQL[] = [userInStations(stationIds)];
  if (q.is_superusers === "true") where.push(eq(users.isSuperuser, true));
  if (q.is_managers === "true") where.push(inArray(users.role, [2, 3, 4]));
  if (q.is_driver === "true") where.push(eq(users.role, 5));
  if (q.custom && q.custom !== "0") where.push(eq(users.role, Number(q.custom)));
  if (q.search) {
    const s = `%${q.search}%`;
    where.push(
      or(
        ilike(users.firstName, s),
        ilike(users.lastName, s),
        ilike(users.email, s),
        ilike(users.transporterId, s),
      )!,
    );
  }
  const cond = and(...where);
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(cond);
  const rows = await db.select({
    id: users.id,
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    role: users.role,
    status: users.status,
    badge: users.badge,
    transporter_id: users.transporterId,
  }).from(users).where(cond).orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(q.page_size).offset((q.page - 1) * q.page_size);
  return { count, results: rows satisfies UserListItemDto[] };
}

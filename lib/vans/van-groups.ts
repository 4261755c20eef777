// Van groups (name, description, supervisor) in Setup and the pickers: organisation-wide. The supervisor is
// a staff account that shares one of the editor's stations, so nobody can name a person they cannot see.
import { and, eq, ilike, inArray, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Queryable } from "../db/client.ts";
import { users, vanGroups } from "../org/schema.ts";
import { userInStations } from "../stations/queries.ts";
import { STAFF_ROLES } from "../auth/roles.ts";
import type { Paged } from "../paging/query.ts";
import {
  countOf,
  deleteUnreferenced,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  type RefViewer,
  uniqueOr,
} from "../reference/helpers.ts";
import type { vanGroupInput, vanGroupPatch } from "./inputs.ts";
import type { VanGroupDto, VanGroupOption } from "./dto.ts";
import { vanGroupNameTaken, vanGroupNotFound, vanGroupSupervisorNotAllowed } from "./errors.ts";

const columns = {
  id: vanGroups.id,
  name: vanGroups.name,
  description: vanGroups.description,
  supervisor: vanGroups.supervisorId,
  supervisor_name: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
};

function select(db: Queryable) {
  return db.select(columns).from(vanGroups).leftJoin(users, eq(users.id, vanGroups.supervisorId));
}

async function find(db: Queryable, id: number): Promise<VanGroupDto> {
  const [row] = await select(db).where(eq(vanGroups.id, id));
  if (!row) throw vanGroupNotFound();
  return row;
}

async function checkSupervisor(db: Queryable, v: RefViewer, supervisor: number | null | undefined) {
  if (!supervisor) return;
  const [hit] = await db.select({ id: users.id }).from(users).where(and(
    eq(users.id, supervisor),
    inArray(users.role, [...STAFF_ROLES]),
    eq(users.isActive, true),
    userInStations([...v.stationIds]),
  ));
  if (!hit) throw vanGroupSupervisorNotAllowed();
}

async function assertFree(db: Queryable, name: string, exceptId: number | null) {
  const hit = await db.select({ id: vanGroups.id }).from(vanGroups)
    .where(
      and(
        eq(sql`lower(${vanGroups.name})`, name.toLowerCase()),
        exceptId ? ne(vanGroups.id, exceptId) : undefined,
      ),
    );
  if (hit.length) throw vanGroupNameTaken(name);
}

/** Setup's page of van groups, searched by name and description. */
export async function listVanGroups(db: Queryable, q: ReferenceListQuery): Promise<Paged<VanGroupDto>> {
  const where = q.search
    ? or(ilike(vanGroups.name, like(q.search)), ilike(vanGroups.description, like(q.search)))
    : undefined;
  const order = ordering(q, { name: sql`lower(${vanGroups.name})`, id: vanGroups.id }, "name", vanGroups.id);
  return await paged(
    db.select({ count: countOf }).from(vanGroups).where(where),
    (limit, off) => select(db).where(where).orderBy(...order).limit(limit).offset(off),
    q,
    (r) => r,
  );
}

/** Every group by name (any case): the pickers and the van groups lookup. */
export async function vanGroupOptions(db: Queryable): Promise<VanGroupOption[]> {
  return await db.select({ id: vanGroups.id, name: vanGroups.name, description: vanGroups.description })
    .from(vanGroups).orderBy(sql`lower(${vanGroups.name})`, vanGroups.id);
}

export async function createVanGroup(
  db: Queryable,
  v: RefViewer,
  input: z.infer<typeof vanGroupInput>,
): Promise<VanGroupDto> {
  await assertFree(db, input.name, null);
  await checkSupervisor(db, v, input.supervisor);
  const [row] = await uniqueOr(
    () =>
      db.insert(vanGroups).values({
        name: input.name,
        description: input.description,
        supervisorId: input.supervisor,
      })
        .returning({ id: vanGroups.id }),
    () => vanGroupNameTaken(input.name),
  );
  return await find(db, row.id);
}

export async function updateVanGroup(
  db: Queryable,
  v: RefViewer,
  id: number,
  input: z.infer<typeof vanGroupPatch>,
): Promise<VanGroupDto> {
  await find(db, id);
  if (input.name !== undefined) await assertFree(db, input.name, id);
  await checkSupervisor(db, v, input.supervisor);
  const set: Partial<typeof vanGroups.$inferInsert> = {};
  if (input.name !== undefined) set.name = input.name;
  if (input.description !== undefined) set.description = input.description;
  if (input.supervisor !== undefined) set.supervisorId = input.supervisor;
  if (Object.keys(set).length) {
    await uniqueOr(
      () => db.update(vanGroups).set(set).where(eq(vanGroups.id, id)),
      () => vanGroupNameTaken(input.name ?? ""),
    );
  }
  return await find(db, id);
}

export async function deleteVanGroup(db: Queryable, id: number): Promise<{ detail: string }> {
  const row = await find(db, id);
  return await deleteUnreferenced({
    db,
    table: vanGroups,
    tableName: "van_groups",
    idColumn: vanGroups.id,
    id,
    what: `van group ${row.name}`,
  });
}

// Agencies and fleet groups: organisation-wide rows with a unique name and a description. One factory,
// two tables.
import { and, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { Db, Queryable } from "../db/client.ts";
import { agencies, fleetGroups } from "../org/schema.ts";
import { notFound } from "../web/errors.ts";
import type { Paged } from "../web/list-query.ts";
import type { z } from "zod";
import type { agencyInput, agencyPatch } from "./inputs.ts";
import {
  countOf,
  deleteUnreferenced,
  fieldError,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  uniqueOr,
} from "./helpers.ts";

export interface NamedDto {
  id: number;
  name: string;
  description: string;
}
type NamedTable = typeof agencies | typeof fleetGroups;

function named(table: NamedTable, tableName: string, singular: string, article: "A" | "An") {
  const taken = (name: string) =>
    fieldError("name", `${article} ${singular} named "${name}" already exists.`);
  const dto = (r: NamedDto): NamedDto => ({ id: r.id, name: r.name, description: r.description });

  async function find(db: Queryable, id: number): Promise<NamedDto> {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    if (!row) throw notFound(`${singular.charAt(0).toUpperCase()}${singular.slice(1)} not found.`);
    return row;
  }
  async function assertFree(db: Queryable, name: string, exceptId: number | null) {
    const hit = await db.select({ id: table.id }).from(table)
      .where(
        and(eq(sql`lower(${table.name})`, name.toLowerCase()), exceptId ? ne(table.id, exceptId) : undefined),
      );
    if (hit.length) throw taken(name);
  }

  return {
    async list(db: Queryable, q: ReferenceListQuery): Promise<Paged<NamedDto>> {
      const where = q.search
        ? or(ilike(table.name, like(q.search)), ilike(table.description, like(q.search)))
        : undefined;
      const order = ordering(q, { name: sql`lower(${table.name})`, id: table.id }, "name", table.id);
      return await paged(
        db.select({ count: countOf }).from(table).where(where),
        (limit, off) => db.select().from(table).where(where).orderBy(...order).limit(limit).offset(off),
        q,
        dto,
      );
    },
    async options(db: Queryable): Promise<NamedDto[]> {
      return (await db.select().from(table).orderBy(sql`lower(${table.name})`, table.id)).map(dto);
    },
    async create(db: Db, input: z.infer<typeof agencyInput>): Promise<NamedDto> {
      await assertFree(db, input.name, null);
      const [row] = await uniqueOr(() => db.insert(table).values(input).returning(), () => taken(input.name));
      return dto(row);
    },
    async update(db: Db, id: number, input: z.infer<typeof agencyPatch>): Promise<NamedDto> {
      await find(db, id);
      if (input.name !== undefined) await assertFree(db, input.name, id);
      if (!Object.keys(input).length) return dto(await find(db, id));
      const [row] = await uniqueOr(
        () => db.update(table).set(input).where(eq(table.id, id)).returning(),
        () => taken(input.name ?? ""),
      );
      return dto(row);
    },
    async remove(db: Db, id: number): Promise<{ detail: string }> {
      const row = await find(db, id);
      return await deleteUnreferenced({
        db,
        table,
        tableName,
        idColumn: table.id,
        id,
        what: `${singular} ${row.name}`,
      });
    },
  };
}

export const agencyEntity = named(agencies, "agencies", "agency", "An");
export const fleetGroupEntity = named(fleetGroups, "fleet_groups", "fleet group", "A");

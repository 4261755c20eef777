// Agencies and fleet groups: organisation-wide rows with a unique name and a description (the Setup
// sections, the pickers and getAgencies/getFleetGroups). One factory, two tables.
import { and, eq, ilike, ne, or, sql } from "drizzle-orm";
import type { DomainError } from "../errors.ts";
import { notFound } from "../errors.ts";
import type { Queryable } from "../db/client.ts";
import type { Paged } from "../paging/query.ts";
import { agencies, fleetGroups } from "../org/schema.ts";
import {
  countOf,
  deleteUnreferenced,
  like,
  ordering,
  paged,
  type ReferenceListQuery,
  uniqueOr,
} from "../reference/helpers.ts";
import type { NamedDto } from "./dto.ts";
import { agencyNameTaken, fleetGroupNameTaken } from "./errors.ts";
import { orgCached } from "../cache/epochs.ts";
import type { NamedInput, NamedPatch } from "./inputs.ts";

type NamedTable = typeof agencies | typeof fleetGroups;

interface NamedKind {
  table: NamedTable;
  tableName: string;
  /** "agency", for messages. */
  singular: string;
  taken: (name: string) => DomainError;
}

function named({ table, tableName, singular, taken }: NamedKind) {
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
    /** The Setup list, searched by name or description. */
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
    /** Every row by name: pickers and the getAgencies/getFleetGroups look-ups. */
    async all(db: Queryable): Promise<NamedDto[]> {
      return (await db.select().from(table).orderBy(sql`lower(${table.name})`, table.id)).map(dto);
    },
    async create(db: Queryable, input: NamedInput): Promise<NamedDto> {
      await assertFree(db, input.name, null);
      const [row] = await uniqueOr(() => db.insert(table).values(input).returning(), () => taken(input.name));
      return dto(row);
    },
    async update(db: Queryable, id: number, input: NamedPatch): Promise<NamedDto> {
      await find(db, id);
      if (input.name !== undefined) await assertFree(db, input.name, id);
      if (!Object.keys(input).length) return dto(await find(db, id));
      const [row] = await uniqueOr(
        () => db.update(table).set(input).where(eq(table.id, id)).returning(),
        () => taken(input.name ?? ""),
      );
      return dto(row);
    },
    async remove(db: Queryable, id: number): Promise<{ detail: string }> {
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

export const agencyEntity = named({
  table: agencies,
  tableName: "agencies",
  singular: "agency",
  taken: agencyNameTaken,
});
export const fleetGroupEntity = named({
  table: fleetGroups,
  tableName: "fleet_groups",
  singular: "fleet group",
  taken: fleetGroupNameTaken,
});

/** getAgencies (03 section 7): every agency by name. */
export const listAgencies = (db: Queryable) => agencyEntity.all(db);
/** getFleetGroups (03 section 7): every fleet group by name. */
export const listFleetGroups = async (db: Queryable) =>
  (await orgCached("fleet-groups", () => fleetGroupEntity.all(db))).map((g) => ({ ...g }));

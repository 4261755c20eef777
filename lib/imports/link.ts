// Linking a transporter id a file carries to a DA (import.linkDas): "create DA" adds it to the register
// through the roster's own DA writer; "map to DA" gives it to a registered DA, as their id when they have
// none, else as an alias. Either way the import's rows link up at read time (match.ts); an id some DA
// already holds is refused.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import type { Viewer } from "../users/current-user.ts";
import { stations, users } from "../org/schema.ts";
import { Role } from "../auth/roles.ts";
import { forbidden, notFound } from "../errors.ts";
import { transporterIdTaken } from "../das/errors.ts";
import { emailTaken } from "./errors.ts";
import { applyDas } from "../roster/das-write.ts";
import type { DaPlan } from "../roster/das-row.ts";
import { type CreateDaInput, createDaInput, type MapToDaInput, mapToDaInput } from "./inputs.ts";
import { mayLinkDas } from "./policy.ts";
import { transporterAliases } from "./schema.ts";
import { daIdOf } from "./match.ts";
import { isUniqueViolation } from "../db/errors.ts";

type LinkViewer = Pick<Viewer, "id" | "role" | "stationIds">;

/** The address of a DA created from a file, which gives none: the reserved .invalid domain never delivers. */
export const placeholderEmail = (tid: string) => `${tid.toLowerCase()}@transporter-id.invalid`;

/** Who holds the id now (users.transporter_id or an alias), with their name. */
async function holder(tx: Queryable, tid: string): Promise<{ id: number; name: string } | null> {
  const [row] = rowsOf<{ id: number | null; name: string | null }>(
    await tx.execute(
      sql`select h.id, (select u.first_name || ' ' || u.last_name from users u where u.id = h.id) as name
      from (select ${daIdOf(sql`${tid}::text`)} as id) h`,
    ),
  );
  return row?.id ? { id: Number(row.id), name: row.name ?? "" } : null;
}

const taken = (tid: string, h: { id: number; name: string }) =>
  transporterIdTaken(tid, `${h.name.trim() || "another user"} (id ${h.id})`);

/** A unique index met another writer of the same id: they won. */
const takenMeanwhile = (tid: string) => transporterIdTaken(tid, "another user");

/** The roster's plan for one new active DA from a file's id (the roster's own writer creates it). */
function newDaPlan(
  input: CreateDaInput,
  tid: string,
  email: string,
  station: { id: number; tag: string },
): DaPlan {
  return {
    kind: "das",
    fileName: "",
    rows: 1,
    create: [{
      row: 1,
      key: tid,
      label: `${input.first_name} ${input.last_name}`,
      station: station.tag,
      values: {
        firstName: input.first_name,
        lastName: input.last_name,
        email,
        mobileNumber: null,
        transporterId: tid,
        badge: null,
        driverLicense: null,
        driverLicenseExpiry: null,
        status: 1,
        agencyId: null,
        stationId: station.id,
      },
    }],
    update: [],
    unchanged: 0,
    reject: [],
    ignoredColumns: [],
  };
}

/** Creates an active DA at one of the viewer's stations holding the transporter id. */
export async function createDaFromUnmatched(
  db: Queryable,
  viewer: LinkViewer,
  raw: CreateDaInput | Record<string, unknown>,
): Promise<{ id: number }> {
  const input = createDaInput.parse(raw);
  if (!mayLinkDas(viewer, input.station_id)) throw forbidden();
  const tid = input.transporter_id;
  try {
    return await db.transaction(async (tx) => {
      const [station] = await tx.select({ id: stations.id, tag: stations.tag }).from(stations)
        .where(eq(stations.id, input.station_id));
      if (!station) throw notFound("Station not found.");
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`transporter-id:${tid}`}))`);
      const h = await holder(tx, tid);
      if (h) throw taken(tid, h);
      const email = input.email ?? placeholderEmail(tid);
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (owner) throw emailTaken(email);
      const plan = newDaPlan(input, tid, email, station);
      await applyDas(tx, plan, viewer.id, new Date(), "created from an Amazon import");
      const [created] = await tx.select({ id: users.id }).from(users).where(eq(users.transporterId, tid));
      return { id: created.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw takenMeanwhile(tid);
    throw e;
  }
}

/**
 * Gives the transporter id to a DA of the viewer's stations: their own id when they have none, else an
 * alias (transporter_aliases). Mapping an id the DA already holds changes nothing.
 */
export async function mapToDa(
  db: Queryable,
  viewer: LinkViewer,
  raw: MapToDaInput | Record<string, unknown>,
): Promise<void> {
  const input = mapToDaInput.parse(raw);
  const tid = input.transporter_id;
  try {
    await db.transaction(async (tx) => {
      const found = rowsOf<{ id: number; role: number; transporter_id: string | null; station_id: number }>(
        await tx.execute(sql`select u.id, u.role, u.transporter_id, s.station_id from users u
          join station_spots s on s.user_id = u.id
          where u.id = ${input.user_id}
            and s.station_id = any(${
          sql.param(viewer.stationIds.length ? [...viewer.stationIds] : [-1])
        }::int[])
          for update of u`),
      );
      const da = found[0];
      if (!da || da.role !== Role.Driver) throw notFound("DA not found.");
      if (!found.some((f) => mayLinkDas(viewer, Number(f.station_id)))) throw forbidden();
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`transporter-id:${tid}`}))`);
      const h = await holder(tx, tid);
      if (h && h.id !== da.id) throw taken(tid, h);
      if (h) return;
      if (!da.transporter_id) {
        await tx.update(users).set({ transporterId: tid, updatedAt: sql`now()` }).where(eq(users.id, da.id));
      } else {
        await tx.insert(transporterAliases).values({
          transporterId: tid,
          userId: da.id,
          createdById: viewer.id,
        });
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw takenMeanwhile(tid);
    throw e;
  }
}

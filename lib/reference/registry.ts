// One entry per Setup section: the API routes and the pages look the entity up here, so an unknown name
// is a 404 and every entity answers the same four calls.
import type { z } from "zod";
import type { Db, Queryable } from "../db/client.ts";
import { notFound } from "../errors.ts";
import type { Paged } from "../paging/query.ts";
import { ENTITY_INPUTS, type EntityKey, isEntityKey } from "./inputs.ts";
import type { ReferenceListQuery, RefViewer } from "./helpers.ts";
import { listStations } from "../stations/queries.ts";
import { createStation, deleteStation, updateStation } from "../stations/mutations.ts";
import { agencyEntity, fleetGroupEntity } from "../stations/agencies-fleet-groups.ts";
import { createVanGroup, deleteVanGroup, listVanGroups, updateVanGroup } from "../vans/van-groups.ts";
import { createFleetSize, deleteFleetSize, listFleetSizes, updateFleetSize } from "../vans/fleet-sizes.ts";
import { listVans } from "../vans/queries.ts";
import { createVan, deleteVan, updateVan } from "../vans/setup.ts";
import { createScanner, deleteScanner, listScanners, updateScanner } from "./scanners.ts";
import { assertMayEditOrgWide, mayEditOrgWide } from "./org-wide.ts";

type Inputs = typeof ENTITY_INPUTS;

/** A Setup section's four calls; `create` and `update` take what the section's schemas parse to. */
export interface EntityHandler<CreateInput, UpdateInput, D extends Queryable = Db> {
  list(db: Queryable, v: RefViewer, q: ReferenceListQuery): Promise<Paged<unknown>>;
  create(db: D, v: RefViewer, input: CreateInput): Promise<unknown>;
  update(db: D, v: RefViewer, id: number, input: UpdateInput): Promise<unknown>;
  remove(db: D, v: RefViewer, id: number): Promise<{ detail: string }>;
}
type HandlerOf<K extends EntityKey, D extends Queryable = Db> = EntityHandler<
  z.output<Inputs[K]["create"]>,
  z.output<Inputs[K]["update"]>,
  D
>;
type Handlers = { [K in EntityKey]: HandlerOf<K> };

/**
 * A section every station shares: each write runs in one transaction with the org-wide policy
 * (lib/reference/org-wide.ts), so the check and the change see the same stations and spots.
 */
function orgWide<K extends EntityKey, H extends HandlerOf<K, Queryable>>(_key: K, handler: H): H {
  const guarded = <T>(db: Queryable, v: RefViewer, write: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx: Queryable) => {
      await assertMayEditOrgWide(tx, v);
      return await write(tx);
    });
  // Same calls, same results: only the policy runs first, in the write's transaction.
  const wrapped: HandlerOf<K, Queryable> = {
    list: handler.list,
    create: (db, v, input) => guarded(db, v, (tx) => handler.create(tx, v, input)),
    update: (db, v, id, input) => guarded(db, v, (tx) => handler.update(tx, v, id, input)),
    remove: (db, v, id) => guarded(db, v, (tx) => handler.remove(tx, v, id)),
  };
  return wrapped as H;
}

export const ENTITIES = {
  stations: orgWide("stations", {
    list: listStations,
    create: createStation,
    update: updateStation,
    remove: deleteStation,
  }),
  agencies: orgWide("agencies", {
    list: (db, _v, q) => agencyEntity.list(db, q),
    create: (db, _v, input) => agencyEntity.create(db, input),
    update: (db, _v, id, input) => agencyEntity.update(db, id, input),
    remove: (db, _v, id) => agencyEntity.remove(db, id),
  }),
  "fleet-groups": orgWide("fleet-groups", {
    list: (db, _v, q) => fleetGroupEntity.list(db, q),
    create: (db, _v, input) => fleetGroupEntity.create(db, input),
    update: (db, _v, id, input) => fleetGroupEntity.update(db, id, input),
    remove: (db, _v, id) => fleetGroupEntity.remove(db, id),
  }),
  "van-groups": orgWide("van-groups", {
    list: (db, _v, q) => listVanGroups(db, q),
    create: createVanGroup,
    update: updateVanGroup,
    remove: (db, _v, id) => deleteVanGroup(db, id),
  }),
  "fleet-sizes": orgWide("fleet-sizes", {
    list: (db, _v, q) => listFleetSizes(db, q),
    create: (db, _v, input) => createFleetSize(db, input),
    update: (db, _v, id, input) => updateFleetSize(db, id, input),
    remove: (db, _v, id) => deleteFleetSize(db, id),
  }),
  vans: {
    list: (db, v, q) => listVans(db, v.stationIds, q, "setup"),
    create: createVan,
    update: updateVan,
    remove: deleteVan,
  },
  scanners: { list: listScanners, create: createScanner, update: updateScanner, remove: deleteScanner },
} satisfies Handlers;

const STATION_SCOPED: ReadonlySet<EntityKey> = new Set(["vans", "scanners"]);

/** Whether the viewer may add, edit and delete in a section (the Setup page hides the buttons otherwise). */
export function mayEditSection(db: Queryable, v: RefViewer, key: EntityKey): Promise<boolean> {
  return STATION_SCOPED.has(key) ? Promise.resolve(true) : mayEditOrgWide(db, v);
}

/** A section with its schemas bound: `create` and `update` parse the request body themselves. */
export type SetupSection = EntityHandler<unknown, unknown>;

function section<C extends z.ZodType, U extends z.ZodType>(
  inputs: { create: C; update: U },
  handler: EntityHandler<z.output<C>, z.output<U>>,
): SetupSection {
  return {
    list: handler.list,
    create: (db, v, body) => handler.create(db, v, inputs.create.parse(body)),
    update: (db, v, id, body) => handler.update(db, v, id, inputs.update.parse(body)),
    remove: handler.remove,
  };
}

const SECTIONS: Record<EntityKey, SetupSection> = {
  stations: section(ENTITY_INPUTS.stations, ENTITIES.stations),
  agencies: section(ENTITY_INPUTS.agencies, ENTITIES.agencies),
  "fleet-groups": section(ENTITY_INPUTS["fleet-groups"], ENTITIES["fleet-groups"]),
  "van-groups": section(ENTITY_INPUTS["van-groups"], ENTITIES["van-groups"]),
  "fleet-sizes": section(ENTITY_INPUTS["fleet-sizes"], ENTITIES["fleet-sizes"]),
  vans: section(ENTITY_INPUTS.vans, ENTITIES.vans),
  scanners: section(ENTITY_INPUTS.scanners, ENTITIES.scanners),
};

/** The section named in a URL; 404 for any other name. */
export function entityFor(raw: string | undefined): SetupSection {
  if (!isEntityKey(raw)) {
    throw notFound(
      "Unknown reference data; use one of stations, agencies, fleet-groups, van-groups, fleet-sizes, vans, scanners.",
    );
  }
  return SECTIONS[raw];
}

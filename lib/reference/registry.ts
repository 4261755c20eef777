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

type Inputs = typeof ENTITY_INPUTS;

/** A Setup section's four calls; `create` and `update` take what the section's schemas parse to. */
export interface EntityHandler<CreateInput, UpdateInput> {
  list(db: Queryable, v: RefViewer, q: ReferenceListQuery): Promise<Paged<unknown>>;
  create(db: Db, v: RefViewer, input: CreateInput): Promise<unknown>;
  update(db: Db, v: RefViewer, id: number, input: UpdateInput): Promise<unknown>;
  remove(db: Db, v: RefViewer, id: number): Promise<{ detail: string }>;
}
type Handlers = {
  [K in EntityKey]: EntityHandler<z.output<Inputs[K]["create"]>, z.output<Inputs[K]["update"]>>;
};

export const ENTITIES = {
  stations: { list: listStations, create: createStation, update: updateStation, remove: deleteStation },
  agencies: {
    list: (db, _v, q) => agencyEntity.list(db, q),
    create: (db, _v, input) => agencyEntity.create(db, input),
    update: (db, _v, id, input) => agencyEntity.update(db, id, input),
    remove: (db, _v, id) => agencyEntity.remove(db, id),
  },
  "fleet-groups": {
    list: (db, _v, q) => fleetGroupEntity.list(db, q),
    create: (db, _v, input) => fleetGroupEntity.create(db, input),
    update: (db, _v, id, input) => fleetGroupEntity.update(db, id, input),
    remove: (db, _v, id) => fleetGroupEntity.remove(db, id),
  },
  "van-groups": {
    list: (db, _v, q) => listVanGroups(db, q),
    create: createVanGroup,
    update: updateVanGroup,
    remove: (db, _v, id) => deleteVanGroup(db, id),
  },
  "fleet-sizes": {
    list: (db, _v, q) => listFleetSizes(db, q),
    create: (db, _v, input) => createFleetSize(db, input),
    update: (db, _v, id, input) => updateFleetSize(db, id, input),
    remove: (db, _v, id) => deleteFleetSize(db, id),
  },
  vans: {
    list: (db, v, q) => listVans(db, v.stationIds, q, "setup"),
    create: createVan,
    update: updateVan,
    remove: deleteVan,
  },
  scanners: { list: listScanners, create: createScanner, update: updateScanner, remove: deleteScanner },
} satisfies Handlers;

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

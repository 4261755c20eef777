// One entry per Setup section: the API routes and the pages look the entity up here, so an unknown name
// is a 404 and every entity answers the same four calls.
import type { Db, Queryable } from "../db/client.ts";
import { notFound } from "../web/errors.ts";
import type { Paged } from "../web/list-query.ts";
import { ENTITY_INPUTS, type EntityKey, isEntityKey } from "./inputs.ts";
import type { ReferenceListQuery, RefViewer } from "./helpers.ts";
import { createStation, deleteStation, listStations, updateStation } from "./stations.ts";
import { agencyEntity, fleetGroupEntity } from "./named.ts";
import { createVanGroup, deleteVanGroup, listVanGroups, updateVanGroup } from "./van-groups.ts";
import { createFleetSize, deleteFleetSize, listFleetSizes, updateFleetSize } from "./fleet-sizes.ts";
import { createVan, deleteVan, listVans, updateVan } from "./vans.ts";
import { createScanner, deleteScanner, listScanners, updateScanner } from "./scanners.ts";

export interface EntityHandler {
  list(db: Queryable, v: RefViewer, q: ReferenceListQuery): Promise<Paged<unknown>>;
  /** `input` is already parsed by ENTITY_INPUTS[key].create. */
  create(db: Db, v: RefViewer, input: any): Promise<unknown>;
  /** `input` is already parsed by ENTITY_INPUTS[key].update. */
  update(db: Db, v: RefViewer, id: number, input: any): Promise<unknown>;
  remove(db: Db, v: RefViewer, id: number): Promise<{ detail: string }>;
}

export const ENTITIES: Record<EntityKey, EntityHandler> = {
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
  vans: { list: listVans, create: createVan, update: updateVan, remove: deleteVan },
  scanners: { list: listScanners, create: createScanner, update: updateScanner, remove: deleteScanner },
};

/** The entity named in a URL, with its input schemas; 404 for any other name. */
export function entityFor(raw: string | undefined) {
  if (!isEntityKey(raw)) {
    throw notFound(
      "Unknown reference data; use one of stations, agencies, fleet-groups, van-groups, fleet-sizes, vans, scanners.",
    );
  }
  return { key: raw, handler: ENTITIES[raw], inputs: ENTITY_INPUTS[raw] };
}

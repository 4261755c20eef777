// The refusals of the DA register (codes `da.*`) with the words a person reads: status changes a role may
// not make, DAs it may not touch, and transporter ids. The words of a status rule come from policy.ts.
import { DomainError, forbidden, notFound } from "../errors.ts";

export const DA = {
  statusNotAllowed: "da.status_not_allowed",
  statusFilterNotAllowed: "da.status_filter_not_allowed",
  statusLocked: "da.status_locked",
  transporterIdTaken: "da.transporter_id_taken",
  transporterIdNotAllowed: "da.transporter_id_not_allowed",
} as const;

/** A status the viewer's role may not set (`why` from policy.ts `statusRefusal`). */
export const statusNotAllowed = (why: string) =>
  new DomainError(DA.statusNotAllowed, "forbidden", why, { field: "status" });

/** A status filter the viewer's role may not use (`why` from policy.ts `filterRefusal`). */
export const statusFilterNotAllowed = (why: string) =>
  new DomainError(DA.statusFilterNotAllowed, "forbidden", why, { field: "status" });

/** DAs whose present status the viewer may not change; the whole batch is refused, naming them. */
export const statusLocked = (statusLabel: string, ids: number[]) =>
  new DomainError(
    DA.statusLocked,
    "forbidden",
    `Dispatchers cannot change a DA who is ${statusLabel} (id ${
      ids.join(", ")
    }); ask a manager. Nothing was changed.`,
    { data: { id_list: ids } },
  );

/** Ids of a batch that are no DA of the viewer's stations: a plain not found that names them. */
export const dasNotFound = (ids: number[]) =>
  notFound(`Not found: no DA with id ${ids.join(", ")} in your stations. Nothing was changed.`, {
    data: { id_list: ids },
  });

export const daNotFound = (id: number) => notFound(`Not found: no DA with id ${id} in your stations.`);

/** Stations asked for (as a list filter) that are not the viewer's: a plain forbidden that names them. */
export const foreignStations = (stations: number[]) =>
  forbidden(`Station ${stations.join(", ")} is not one of your stations.`);

/** `holder` names the DA who has the id ('Ann Lee (id 7)'), or 'another user' when a race hid them. */
export const transporterIdTaken = (transporterId: string, holder: string) =>
  new DomainError(
    DA.transporterIdTaken,
    "invalid",
    `Transporter ID ${transporterId} already belongs to ${holder}.`,
    { field: "transporter_id" },
  );

export const transporterIdNotAllowed = () =>
  new DomainError(DA.transporterIdNotAllowed, "forbidden", "Dispatchers cannot edit transporter IDs.", {
    field: "transporter_id",
  });

// How any DTO names a person (a DA or a staff member): the one shape, so screens render people alike.

export interface PersonRef {
  id: number;
  first_name: string;
  last_name: string;
}

/** A DA as the shift tracker shows them: also the badge and the Amazon transporter id. */
export interface DriverRef extends PersonRef {
  badge: string | null;
  transporter_id: string | null;
}

/** A person from three nullable columns of a join (null when the id is). */
export function personRef(id: number | null, first: string | null, last: string | null): PersonRef | null {
  return id == null ? null : { id, first_name: first ?? "", last_name: last ?? "" };
}

// The action table's shapes (03 sections 2.3, 3). Types only; the enumerations are calc.ts.

export interface ActionRowDto {
  id: number;
  station_id: number;
  get_week_number: number;
  year: number;
  get_week_day: string;
  action_date: string;
  off_target_area: string;
  action: number;
  driver_id: number | null;
  driver_fullname: string;
  transporter_id: string;
  owner: number | null;
  owner_name: string | null;
  due_date: string | null;
  status: number;
  coaching_count: number;
  comments: string;
}

export interface SuperUserDto {
  id: number;
  first_name: string;
  last_name: string;
}

/** A DA who may be picked for an IKEA action (one of the week's station's DAs). */
export interface ActionDaDto {
  id: number;
  name: string;
  transporter_id: string | null;
}

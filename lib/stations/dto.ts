// What the API returns for stations, agencies, fleet groups and station spots (types only: islands may
// import them).

export interface StationDto {
  id: number;
  title: string;
  tag: string;
}

/** An agency or a fleet group: organisation-wide rows with a unique name. */
export interface NamedDto {
  id: number;
  name: string;
  description: string;
}

/** A user's membership of a station, with the agency and the fleet groups they are cleared for there. */
export interface StationSpotDto {
  id: number;
  station: StationDto;
  agency: { id: number; name: string } | null;
  fleet_groups: { id: number; name: string }[];
}

// The staff account as the API and the Staff island see it (types only: safe for islands to import).
import type { RoleId } from "../auth/roles.ts";
import type { StationSpotDto } from "../stations/dto.ts";

export interface StaffDto {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: RoleId;
  role_name: string;
  is_active: boolean;
  /** False until the person has chosen a password through their link. */
  has_password: boolean;
  mobile_number: string | null;
  last_login: string | null;
  station_spots: StationSpotDto[];
  /** Whether the viewer may edit, deactivate or reactivate this account. */
  can_edit: boolean;
}

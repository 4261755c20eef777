// How a message names a tracker field ('Someone else changed the DA ...', 'DA 2: user 7 is not ...'):
// the API's snake_case field name in the words the screen uses. Pure: the tests and islands may use it.

const LABELS: Record<string, string> = {
  driver: "the DA",
  second_driver: "DA 2",
  da_status: "the DA status",
  second_da_status: "the DA 2 status",
  role: "the role",
  role_hours: "the role hours",
  fleet_size: "the fleet size",
  fleet_number: "the fleet number",
  wave_time: "the wave",
  actual_DA: "the actual DA",
  rabbit_number: "the rabbit",
  second_rabbit_number: "the second rabbit",
  dolly_number: "the dolly",
  second_dolly_number: "the second dolly",
};

/** The field as a message names it; a field without a label of its own is its name with spaces. */
export const fieldLabel = (field: string) => LABELS[field] ?? field.replaceAll("_", " ");

// Whose action table a coaching action is on (docs/decisions.md "IKEA pages"): the customer, and the station
// tag list that scopes it. /act shows 'amzn' actions at DON9/HYZ1 stations, /act-ikea 'ikea' actions at the
// IKEA stations; one table, one island, the customer a parameter.
import { CHECK_STATION_TAGS } from "../checks/config.ts";
import { IKEA_STATION_TAGS } from "../ikea/config.ts";

export const CUSTOMERS = ["amzn", "ikea"] as const;
export type Customer = (typeof CUSTOMERS)[number];

/** The stations a customer's actions are kept at (by tag). */
export const CUSTOMER_TAGS: Record<Customer, readonly string[]> = {
  amzn: CHECK_STATION_TAGS,
  ikea: IKEA_STATION_TAGS,
};

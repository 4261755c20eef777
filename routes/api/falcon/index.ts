import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { falconData } from "../../../lib/falcon/queries.ts";
import { falconQuery } from "../../../lib/falcon/inputs.ts";

/** getFalconData (03 2.8): one of your stations, a year with an optional month or week, or a day. */
export const GET = endpoint(
  "falcon.read",
  ({ db, viewer, url }) => falconData(db, viewer, falconQuery.parse(queryParams(url))),
);

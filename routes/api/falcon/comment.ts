import { endpoint, readJson } from "../../../lib/web/endpoint.ts";
import { saveComment } from "../../../lib/falcon/mutations.ts";
import { commentInput } from "../../../lib/falcon/inputs.ts";

/** createOrUpdateReportComment: a day's comment and its match flag (0 unset, 1 yes, 2 no). */
export const PUT = endpoint(
  "falcon.comment",
  async ({ db, viewer, request }) => saveComment(db, viewer, await readJson(request, commentInput)),
);

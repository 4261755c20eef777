// GET api/performance/pdf/?scorecard=&type=&date=&station=: the performance page's figures as a PDF.
import { endpoint } from "../../../lib/web/endpoint.ts";
import { queryParams } from "../../../lib/web/params.ts";
import { performancePdfDownload } from "../../../lib/performance/export.ts";

export const GET = endpoint("performance.read", async ({ db, viewer, url }) => {
  const { name, bytes } = await performancePdfDownload(db, viewer, queryParams(url));
  return new Response(bytes as BodyInit, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${name.replace(/[^\w. -]/g, "_")}"; filename*=UTF-8''${
        encodeURIComponent(name)
      }`,
      "cache-control": "no-store",
    },
  });
});

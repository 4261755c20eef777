// GET api/backup/: the embedded database's backup, for `dsp backup` while this server holds the data dir.
import { endpoint } from "../../lib/web/endpoint.ts";
import { getDbHandle } from "../../lib/db/client.ts";
import { dumpEmbedded } from "../../lib/ops/backup.ts";

export const GET = endpoint("system.backup", async () => {
  const dump = await dumpEmbedded(await getDbHandle());
  const name = `dsp-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, "-")}.tar.gz`;
  return new Response(dump, {
    headers: {
      "content-type": "application/gzip",
      "content-disposition": `attachment; filename="${name}"`,
      "cache-control": "no-store",
    },
  });
});

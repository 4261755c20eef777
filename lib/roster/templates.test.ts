import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { testPglite } from "../../tests/helpers/db.ts";
import { users } from "../org/schema.ts";
import { loadViewer } from "../users/current-user.ts";
import { rosterTemplate } from "./templates.ts";
import { parseSpreadsheet } from "./parse.ts";
import { planDas } from "./das.ts";
import { planVans } from "./vans.ts";
import { DA_COLUMNS } from "./das.ts";
import { VAN_COLUMNS } from "./vans.ts";

const h = await testPglite({ demo: true });
globalThis.addEventListener("unload", () => void h.close());
const [d] = await h.db.select({ id: users.id }).from(users).where(eq(users.email, "manager@example.com"));
const viewer = (await loadViewer(h.db, d.id, null))!;

for (const format of ["csv", "xlsx"] as const) {
  Deno.test(`the ${format} templates have every column and an example row that imports as it stands`, async () => {
    for (const kind of ["das", "vans"] as const) {
      const t = await rosterTemplate(h.db, viewer, kind, format);
      assert.equal(t.fileName, `roster-${kind}-template.${format}`);
      const bytes = typeof t.body === "string" ? new TextEncoder().encode(t.body) : t.body;
      const sheet = await parseSpreadsheet(bytes, t.fileName);
      const columns = kind === "das" ? DA_COLUMNS : VAN_COLUMNS;
      assert.deepEqual(sheet.headers.map((x) => x.label), columns.map((c) => c.header));
      assert.equal(sheet.rows.length, 1);
      const plan = kind === "das"
        ? await planDas(h.db, viewer, sheet, t.fileName)
        : await planVans(h.db, viewer, sheet, t.fileName);
      assert.deepEqual(plan.reject, [], `${kind} ${format}`);
      assert.equal(plan.create.length, 1);
      assert.equal(plan.create[0].station, "DON9");
    }
  });
}

import assert from "node:assert/strict";
import { testPglite } from "../../tests/helpers/db.ts";
import { makeAgency, makeDriver, makeSpot, makeStation } from "../demo/factories.ts";
import { countReferences, referencesMessage } from "./references.ts";

Deno.test("referencesMessage lists the counts and agrees the verb with them", () => {
  assert.equal(
    referencesMessage("station DON9", [{ label: "DAs", count: 48 }, { label: "vans", count: 30 }, {
      label: "scanners",
      count: 60,
    }]),
    "Cannot delete station DON9: 48 DAs, 30 vans and 60 scanners use it.",
  );
  assert.equal(
    referencesMessage("van 12", [{ label: "status history entry", count: 1 }]),
    "Cannot delete van 12: 1 status history entry uses it.",
  );
  assert.equal(
    referencesMessage("agency X", [{ label: "DAs", count: 2 }]),
    "Cannot delete agency X: 2 DAs use it.",
  );
  assert.equal(
    referencesMessage("agency X", [{ label: "DA", count: 1 }, { label: "staff account", count: 1 }]),
    "Cannot delete agency X: 1 DA and 1 staff account use it.",
  );
});

Deno.test("countReferences: nothing for a free row; a DA counted once however many columns point at the row", async () => {
  const h = await testPglite();
  try {
    const st = await makeStation(h.db);
    const agency = await makeAgency(h.db);
    assert.deepEqual(await countReferences(h.db, "agencies", agency.id), []);
    const da = await makeDriver(h.db, { agencyId: agency.id });
    await makeSpot(h.db, da.id, st.id, { agencyId: agency.id });
    assert.deepEqual(await countReferences(h.db, "agencies", agency.id), [{ label: "DA", count: 1 }]);
    assert.deepEqual(await countReferences(h.db, "stations", st.id), [{ label: "DA", count: 1 }]);
  } finally {
    await h.close();
  }
});

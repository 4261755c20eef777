import assert from "node:assert/strict";
import process from "node:process";
import { testPglite } from "../../tests/helpers/db.ts";
import { checkPhone, defaultPhoneCountry, setDefaultPhoneCountry } from "../inputs/phone.ts";
import { loadPhoneCountry, setPhoneCountry } from "./phone-country.ts";

Deno.test("the default phone country: the org setting, else DEFAULT_PHONE_COUNTRY, else US", async () => {
  const h = await testPglite();
  const before = process.env.DEFAULT_PHONE_COUNTRY;
  const installed = defaultPhoneCountry()!;
  try {
    delete process.env.DEFAULT_PHONE_COUNTRY;
    assert.equal(await loadPhoneCountry(h.db), "US");
    process.env.DEFAULT_PHONE_COUNTRY = "gb";
    assert.equal(await loadPhoneCountry(h.db), "GB");
    assert.equal(defaultPhoneCountry(), "GB");
    const uk = checkPhone("020 7946 0958");
    assert.deepEqual(uk, { ok: true, e164: "+442079460958" });
    process.env.DEFAULT_PHONE_COUNTRY = "XX"; // unknown: ignored
    assert.equal(await loadPhoneCountry(h.db), "US");
    await setPhoneCountry(h.db, "de");
    assert.equal(await loadPhoneCountry(h.db), "DE", "the stored setting wins over the environment");
    await assert.rejects(() => setPhoneCountry(h.db, "Narnia"), RangeError);
  } finally {
    if (before === undefined) delete process.env.DEFAULT_PHONE_COUNTRY;
    else process.env.DEFAULT_PHONE_COUNTRY = before;
    setDefaultPhoneCountry(installed); // the slot is per process: other test files share it
    await h.close();
  }
});

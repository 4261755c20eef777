import assert from "node:assert/strict";
import {
  createDaInput,
  hashesInput,
  historyQuery,
  mapToDaInput,
  PAGE_REQUIRED,
  uploadFields,
} from "./inputs.ts";

Deno.test("the PDF dialog requires the start page; other dialogs ignore it", () => {
  assert.deepEqual(uploadFields("pdf").parse({ page_numbers: "3" }), { page_numbers: 3 });
  const missing = uploadFields("pdf").safeParse({});
  assert.equal(missing.success, false);
  assert.equal(missing.error!.issues[0].message, PAGE_REQUIRED);
  assert.deepEqual(missing.error!.issues[0].path, ["page_numbers"]);
  assert.equal(uploadFields("pdf").safeParse({ page_numbers: "" }).success, false);
  assert.equal(uploadFields("pdf").safeParse({ page_numbers: "0" }).success, false);
  assert.equal(uploadFields("pdf").safeParse({ page_numbers: "2.5" }).success, false);
  assert.deepEqual(uploadFields("csv").parse({}), {});
  assert.equal(uploadFields("reliability").parse({ page_numbers: "2" }).page_numbers, 2);
});

Deno.test("history defaults to the PDF family, page 1 of 10", () => {
  assert.deepEqual(historyQuery.parse({}), { family: "pdf", page: 1, page_size: 10 });
  assert.deepEqual(historyQuery.parse({ family: "csv", page: "2", page_size: "25" }), {
    family: "csv",
    page: 2,
    page_size: 25,
  });
  assert.equal(historyQuery.safeParse({ family: "xlsx" }).success, false);
});

Deno.test("create DA and map to DA take an Amazon transporter id, upper-cased", () => {
  const ok = createDaInput.parse({
    transporter_id: " a1b2c3d4e5f6g7 ",
    first_name: "Ann",
    last_name: "Lee",
    station_id: "1",
  });
  assert.deepEqual(ok, {
    transporter_id: "A1B2C3D4E5F6G7",
    first_name: "Ann",
    last_name: "Lee",
    station_id: 1,
  });
  assert.equal(createDaInput.safeParse({ ...ok, transporter_id: "B1B2C3D4E5F6G7" }).success, false);
  assert.equal(createDaInput.safeParse({ ...ok, transporter_id: "A1B2C3" }).success, false);
  assert.equal(createDaInput.safeParse({ ...ok, first_name: " " }).success, false);
  assert.equal(createDaInput.safeParse({ ...ok, email: "nope" }).success, false);
  assert.equal(createDaInput.parse({ ...ok, email: "" }).email, undefined);
  assert.deepEqual(mapToDaInput.parse({ transporter_id: "A1B2C3D4E5F6G", user_id: 7 }), {
    transporter_id: "A1B2C3D4E5F6G",
    user_id: 7,
  });
  assert.equal(mapToDaInput.safeParse({ transporter_id: "A1B2C3D4E5F6G" }).success, false);
});

Deno.test("the hash check takes up to 500 SHA-256 digests", () => {
  const h = "AB".repeat(32);
  assert.deepEqual(hashesInput.parse({ sha256: [h] }), { sha256: [h.toLowerCase()] });
  assert.equal(hashesInput.safeParse({ sha256: ["xyz"] }).success, false);
  assert.equal(hashesInput.safeParse({ sha256: Array(501).fill(h) }).success, false);
});

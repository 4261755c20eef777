import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import { PAGE, pdfDate, pdfFileName, pdfRows, printable, ROWS_PER_PAGE, trackerPdf } from "./pdf.ts";

type Rec = Parameters<typeof pdfRows>[1][number];

const person = (first: string, last: string, id = 1) => ({
  id,
  first_name: first,
  last_name: last,
  badge: null,
  transporter_id: null,
});
const van = (number: string) => ({ id: 1, number, van_group: null, van_group_name: null, fleet_size: null });

function rec(over: Partial<Rec> = {}): Rec {
  return {
    da_status: 1,
    van: van("104"),
    fleet_number: null,
    route: "CX12",
    wave_time: "Wave 1",
    driver: person("Ana", "Cruz"),
    second_driver: null,
    ...over,
  };
}

const report = (hasSecond = false) => ({
  report_date: "2026-03-05",
  has_second_driver: hasSecond,
  station: { tag: "DON9", title: "Demo Station DON9" },
});

async function pdfText(bytes: Uint8Array): Promise<{ pages: string[]; size: { w: number; h: number } }> {
  const doc = await getDocumentProxy(bytes);
  const { text } = await extractText(doc, { mergePages: false });
  const vp = (await doc.getPage(1)).getViewport({ scale: 1 });
  return { pages: text as string[], size: { w: vp.width, h: vp.height } };
}

Deno.test("pdfRows: only statuses other than 0, 2, 3; numbered over printed rows; fleet number fallback", () => {
  const records = [
    rec({ route: "CX1", da_status: 0 }),
    rec({ route: "CX2" }),
    rec({ route: "CX3", da_status: 2 }),
    rec({ route: "CX4", da_status: 3 }),
    rec({ route: "CX5", van: null, fleet_number: "T-77", wave_time: null, driver: person("Bo", "Li") }),
    rec({ route: null, da_status: 4, van: null, wave_time: null, driver: null }),
  ];
  const { rows, show_da2 } = pdfRows(report(), records);
  assert.equal(show_da2, false);
  assert.deepEqual(rows, [
    { number: 1, fleet_no: "104", route: "CX2", wave: "Wave 1", da: "Ana Cruz", da2: "" },
    { number: 2, fleet_no: "T-77", route: "CX5", wave: "", da: "Bo Li", da2: "" },
    { number: 3, fleet_no: "", route: "", wave: "", da: "", da2: "" },
  ]);
});

Deno.test("pdfRows: DA 2 only when the report has a second driver", () => {
  const records = [rec({ second_driver: person("Zoe", "Kim", 2) })];
  assert.equal(pdfRows(report(false), records).rows[0].da2, "");
  const withDa2 = pdfRows(report(true), records);
  assert.equal(withDa2.show_da2, true);
  assert.equal(withDa2.rows[0].da2, "Zoe Kim");
});

Deno.test("file name and date: 'Shift report {station} {DD MMM yyyy}.pdf'", () => {
  assert.equal(pdfDate("2026-03-05"), "05 Mar 2026");
  assert.equal(pdfDate("2025-12-31"), "31 Dec 2025");
  assert.equal(pdfFileName(report()), "Shift report DON9 05 Mar 2026.pdf");
});

Deno.test("printable: Windows-1252 kept, other accents dropped, the rest '?'", () => {
  assert.equal(printable("José Ñúñez O’Brien"), "José Ñúñez O'Brien");
  assert.equal(printable("Nguyễn Łukasz"), "Nguyen ?ukasz");
  assert.equal(printable("王"), "?");
});

Deno.test("trackerPdf: A4 portrait 210 x 295 mm, real text with title, columns and names", async () => {
  const records = [
    rec({ route: "CX12", driver: person("Ana", "Cruz") }),
    rec({ route: "CX13", van: van("207"), wave_time: "Wave 3", driver: person("Marcus", "O'Brien") }),
    rec({ route: "CX99", da_status: 0, driver: person("Pending", "Person") }),
    rec({ route: "CX98", da_status: 3, driver: person("Cancelled", "Person") }),
  ];
  const bytes = trackerPdf(report(), records);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const { pages, size } = await pdfText(bytes);
  const mm = (pt: number) => Math.round((pt / 72) * 25.4);
  assert.deepEqual({ w: mm(size.w), h: mm(size.h) }, { w: PAGE.width, h: PAGE.height });
  assert.equal(pages.length, 1);
  const text = pages[0];
  for (
    const s of [
      "Shift report DON9 05 Mar 2026",
      "Fleet No.",
      "Route",
      "Wave",
      "DA",
      "Ana Cruz",
      "Marcus O'Brien",
      "CX12",
      "CX13",
      "207",
      "Wave 3",
    ]
  ) {
    assert.ok(text.includes(s), `missing '${s}' in:\n${text}`);
  }
  assert.ok(!text.includes("DA 2"), "no DA 2 column without a second driver");
  for (const s of ["Pending Person", "Cancelled Person", "CX99", "CX98"]) {
    assert.ok(!text.includes(s), `'${s}' must not print`);
  }
});

Deno.test("trackerPdf: page breaks repeat the title and the header; DA 2 column when on", async () => {
  const n = ROWS_PER_PAGE * 2 + 5;
  const records = Array.from(
    { length: n },
    (_, i) =>
      rec({
        route: `CX${i + 1}`,
        driver: person("Driver", `Number${i + 1}`),
        second_driver: person("Second", `Helper${i + 1}`, 2),
      }),
  );
  const { pages } = await pdfText(trackerPdf(report(true), records));
  assert.equal(pages.length, 3);
  for (const [p, page] of pages.entries()) {
    assert.ok(page.includes("Shift report DON9 05 Mar 2026"), `title on page ${p + 1}`);
    assert.ok(page.includes("Fleet No.") && page.includes("DA 2"), `header on page ${p + 1}`);
    assert.ok(page.includes(`Page ${p + 1} of 3`));
  }
  assert.ok(pages[0].includes("Number1 ") || pages[0].includes("Number1\n") || /Number1\b/.test(pages[0]));
  assert.ok(pages[2].includes(`Number${n}`) && pages[2].includes(`Helper${n}`));
  assert.ok(!pages[0].includes(`Number${ROWS_PER_PAGE + 1}`));
});

Deno.test("trackerPdf: an empty sheet says so", async () => {
  const { pages } = await pdfText(trackerPdf(report(), [rec({ da_status: 0 })]));
  assert.ok(pages[0].includes("No rows to print"));
});

// The tracker's printable sheet (02 "PDF preview modal"): the rows whose DA status is not 0, 2 or 3, with
// number, Fleet No., Route, Wave, DA (and DA 2 when the report has it), on A4 portrait pages of
// 210 x 295 mm as the spec gives them. Real text (jsPDF's built-in Helvetica), so the PDF can be searched,
// copied and read by a screen reader; the header row is repeated on every page.
import { jsPDF } from "jspdf";
import { formatDate, MONTH_LABELS, weekdayAbbrev } from "../dates/format.ts";
import type { ShiftRecordDto, ShiftReportDto } from "./dto.ts";

/** One printed line; the preview endpoint returns these as they are. */
export interface PdfRow {
  number: number;
  fleet_no: string;
  route: string;
  wave: string;
  da: string;
  da2: string;
}

export interface PdfPreview {
  rows: PdfRow[];
  show_da2: boolean;
}

/** Statuses left out of the sheet: pending (0), rejected (2), cancelled (3). */
export const PDF_HIDDEN_STATUSES: readonly number[] = [0, 2, 3];

type PdfReport = Pick<ShiftReportDto, "report_date" | "has_second_driver"> & { station: { tag: string } };
type PdfRecord = Pick<
  ShiftRecordDto,
  "da_status" | "van" | "fleet_number" | "route" | "wave_time" | "driver" | "second_driver"
>;

const name = (p: { first_name: string; last_name: string } | null) =>
  p ? `${p.first_name} ${p.last_name}`.replace(/\s+/g, " ").trim() : "";

/**
 * The printed rows, in the tracker's order (creation order): numbered 1..n over the printed rows only.
 * Fleet No. is the van's number, or the typed fleet number of a row without a van.
 */
export function pdfRows(report: PdfReport, records: readonly PdfRecord[]): PdfPreview {
  const rows = records.filter((r) => !PDF_HIDDEN_STATUSES.includes(r.da_status)).map((r, i) => ({
    number: i + 1,
    fleet_no: r.van?.number ?? r.fleet_number ?? "",
    route: r.route ?? "",
    wave: r.wave_time ?? "",
    da: name(r.driver),
    da2: report.has_second_driver ? name(r.second_driver) : "",
  }));
  return { rows, show_da2: report.has_second_driver };
}

/** '05 Mar 2026' from '2026-03-05' (the spec's DD MMM yyyy). */
export function pdfDate(isoDate: string): string {
  return `${isoDate.slice(8, 10)} ${MONTH_LABELS[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;
}

/** 'Shift report DON9 05 Mar 2026' (one name for the day's report, issue 14): the sheet's title; the file is named the same with '.pdf'. */
export function pdfTitle(report: PdfReport): string {
  return `Shift report ${report.station.tag} ${pdfDate(report.report_date)}`;
}

export function pdfFileName(report: PdfReport): string {
  return `${pdfTitle(report)}.pdf`;
}

/**
 * The built-in PDF fonts cover Windows-1252 only: accented Latin letters outside it lose their accent
 * (Nguyễn -> Nguyen), anything else becomes '?', so a name never prints as garbage.
 */
export function printable(s: string): string {
  let out = "";
  for (
    const ch of s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(
      /[\u2013\u2014]/g,
      "-",
    )
  ) {
    if (ch.charCodeAt(0) <= 0xff) {
      out += ch;
      continue;
    }
    const base = ch.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    out += base && base.charCodeAt(0) <= 0xff ? base : "?";
  }
  return out;
}

// Page geometry in millimetres (02: A4, 210 mm wide, page height 295 mm).
export const PAGE = { width: 210, height: 295, margin: 12 } as const;
const TITLE_Y = 18;
const TABLE_TOP = 30;
const ROW_H = 7;
const FOOTER_Y = PAGE.height - 8;
/** Rows of the table on one page, under its header row. */
export const ROWS_PER_PAGE = Math.floor((FOOTER_Y - 6 - TABLE_TOP - ROW_H) / ROW_H);

interface Col {
  label: string;
  key: keyof PdfRow;
  width: number;
  align?: "right";
}

function columns(showDa2: boolean): Col[] {
  const inner = PAGE.width - 2 * PAGE.margin;
  const fixed: Col[] = [
    { label: "#", key: "number", width: 10, align: "right" },
    { label: "Fleet No.", key: "fleet_no", width: 26 },
    { label: "Route", key: "route", width: 26 },
    { label: "Wave", key: "wave", width: 22 },
  ];
  const rest = inner - fixed.reduce((s, c) => s + c.width, 0);
  return showDa2
    ? [...fixed, { label: "DA", key: "da", width: rest / 2 }, { label: "DA 2", key: "da2", width: rest / 2 }]
    : [...fixed, { label: "DA", key: "da", width: rest }];
}

/** Cuts a text to the width with an ellipsis, at the document's current font. */
function fit(doc: jsPDF, text: string, width: number): string {
  if (doc.getTextWidth(text) <= width) return text;
  let s = text;
  while (s.length > 1 && doc.getTextWidth(s + "...") > width) s = s.slice(0, -1);
  return s.trimEnd() + "...";
}

function drawHeader(doc: jsPDF, title: string, cols: Col[], subtitle: string): number {
  const m = PAGE.margin;
  doc.setFont("helvetica", "bold").setFontSize(15).setTextColor(17, 24, 39);
  doc.text(printable(title), m, TITLE_Y);
  doc.setFont("helvetica", "normal").setFontSize(9).setTextColor(75, 85, 99);
  doc.text(printable(subtitle), m, TITLE_Y + 6);
  let y = TABLE_TOP;
  doc.setFillColor(229, 231, 235).rect(m, y, PAGE.width - 2 * m, ROW_H, "F");
  doc.setFont("helvetica", "bold").setFontSize(9.5).setTextColor(17, 24, 39);
  let x = m;
  for (const c of cols) {
    const tx = c.align === "right" ? x + c.width - 2 : x + 2;
    doc.text(c.label, tx, y + 4.8, c.align === "right" ? { align: "right" } : undefined);
    x += c.width;
  }
  y += ROW_H;
  doc.setDrawColor(156, 163, 175).setLineWidth(0.3).line(m, y, PAGE.width - m, y);
  return y;
}

/** The sheet as PDF bytes. */
export function trackerPdf(
  report: PdfReport & { station: { title?: string } },
  records: readonly PdfRecord[],
): Uint8Array {
  const { rows, show_da2 } = pdfRows(report, records);
  const title = pdfTitle(report);
  const cols = columns(show_da2);
  const doc = new jsPDF({
    unit: "mm",
    format: [PAGE.width, PAGE.height],
    orientation: "portrait",
    compress: true,
  });
  doc.setProperties({ title, subject: "Shift report", creator: "DSP Back Office" });
  const pages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const subtitle = [
    report.station.title ?? report.station.tag,
    `${weekdayAbbrev(report.report_date)} ${formatDate(report.report_date)}`,
    `${rows.length} ${rows.length === 1 ? "row" : "rows"}`,
  ].join("  \u00b7  ");
  const m = PAGE.margin;

  for (let p = 0; p < pages; p++) {
    if (p > 0) doc.addPage([PAGE.width, PAGE.height], "portrait");
    let y = drawHeader(doc, title, cols, subtitle);
    const slice = rows.slice(p * ROWS_PER_PAGE, (p + 1) * ROWS_PER_PAGE);
    doc.setFont("helvetica", "normal").setFontSize(9.5).setTextColor(17, 24, 39);
    if (rows.length === 0) {
      doc.setTextColor(75, 85, 99).text(
        "No rows to print: every row is pending, rejected or cancelled.",
        m + 2,
        y + 6,
      );
    }
    slice.forEach((r, i) => {
      if (i % 2 === 1) doc.setFillColor(243, 244, 246).rect(m, y, PAGE.width - 2 * m, ROW_H, "F");
      let x = m;
      for (const c of cols) {
        const text = fit(doc, printable(String(r[c.key])), c.width - 4);
        if (c.align === "right") doc.text(text, x + c.width - 2, y + 4.8, { align: "right" });
        else doc.text(text, x + 2, y + 4.8);
        x += c.width;
      }
      y += ROW_H;
      doc.setDrawColor(229, 231, 235).setLineWidth(0.2).line(m, y, PAGE.width - m, y);
    });
    doc.setFontSize(8).setTextColor(107, 114, 128);
    doc.text(`Page ${p + 1} of ${pages}`, PAGE.width - m, FOOTER_Y, { align: "right" });
  }
  return new Uint8Array(doc.output("arraybuffer"));
}

// The performance page's PDF export (03 2.6: "its details are not shown"): the figures of the scorecard on
// screen, as real text tables on A4 portrait pages: the current period, the past period when it is
// compared, and the reliability figures. Built on the server with jsPDF like the tracker's sheet
// (lib/shifts/pdf.ts), whose `printable` keeps names inside the built-in fonts.
import { jsPDF } from "jspdf";
import { pickLabel } from "../dashboard/calc-period.ts";
import { printable } from "../shifts/pdf.ts";
import { SCORECARD_LABELS } from "./calc.ts";
import { type FigureTable, figureTables, reliabilityTable } from "./calc-tables.ts";
import type { PerformanceView } from "./view.ts";

const PAGE = { width: 210, height: 297, margin: 14 } as const;
const ROW_H = 6.5;
const BOTTOM = PAGE.height - 14;

/** 'Performance Top and lowest performers Week 48, 2026 DON9.pdf' */
export function performancePdfName(v: PerformanceView, stationTag: string): string {
  return `Performance ${SCORECARD_LABELS[v.scorecard]} ${pickLabel(v.pick)} ${stationTag}.pdf`;
}

/** The sections of the document: heading + tables, in print order. */
export function pdfSections(v: PerformanceView): { heading: string; tables: FigureTable[] }[] {
  const out = [{
    heading: `This period: ${pickLabel(v.pick)}`,
    tables: figureTables(v.scorecard, v.current),
  }];
  if (v.past !== null && v.pastPick) {
    out.push({ heading: `Past period: ${pickLabel(v.pastPick)}`, tables: figureTables(v.scorecard, v.past) });
  }
  out.push({ heading: "Reliability", tables: [reliabilityTable(v.reliability)] });
  return out;
}

export function performancePdf(v: PerformanceView, station: { tag: string; title: string }): Uint8Array {
  const doc = new jsPDF({ unit: "mm", format: "a4", orientation: "portrait", compress: true });
  const title = `Performance: ${SCORECARD_LABELS[v.scorecard]}`;
  doc.setProperties({ title, subject: "Performance", creator: "DSP Back Office" });
  const m = PAGE.margin;
  const inner = PAGE.width - 2 * m;
  doc.setFont("helvetica", "bold").setFontSize(15).setTextColor(17, 24, 39).text(printable(title), m, 20);
  doc.setFont("helvetica", "normal").setFontSize(9.5).setTextColor(75, 85, 99)
    .text(printable(`${station.title} (${station.tag})  \u00b7  ${pickLabel(v.pick)}`), m, 26);
  let y = 34;
  const room = (h: number) => {
    if (y + h <= BOTTOM) return;
    doc.addPage("a4", "portrait");
    y = 20;
  };
  for (const section of pdfSections(v)) {
    room(14);
    doc.setFont("helvetica", "bold").setFontSize(12).setTextColor(17, 24, 39).text(
      printable(section.heading),
      m,
      y,
    );
    y += 6;
    for (const t of section.tables) {
      room(ROW_H * 3);
      doc.setFont("helvetica", "bold").setFontSize(10).text(printable(t.title), m, y);
      y += 2;
      const w = inner / t.columns.length;
      const line = (cells: string[], bold: boolean) => {
        room(ROW_H);
        if (bold) doc.setFillColor(229, 231, 235).rect(m, y, inner, ROW_H, "F");
        doc.setFont("helvetica", bold ? "bold" : "normal").setFontSize(9).setTextColor(17, 24, 39);
        cells.forEach((c, i) => doc.text(printable(c.replace("\u2014", "-")), m + i * w + 2, y + 4.5));
        y += ROW_H;
      };
      line(t.columns, true);
      if (t.rows.length === 0) line(["No figures for this period"], false);
      t.rows.forEach((r, i) => {
        if (t.cut > 0 && i === 10) line([`... ${t.cut} more between the top 10 and the bottom 10`], false);
        line(r, false);
      });
      y += 4;
    }
  }
  const pages = doc.getNumberOfPages();
  for (let p = 1; p <= pages; p++) {
    doc.setPage(p).setFontSize(8).setTextColor(107, 114, 128);
    doc.text(`Page ${p} of ${pages}`, PAGE.width - m, PAGE.height - 8, { align: "right" });
  }
  return new Uint8Array(doc.output("arraybuffer"));
}

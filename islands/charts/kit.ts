// The chart kit's pure parts (01 section 9; 03 2.6-2.7), tested without a browser.

export interface ChartSeries {
  label: string;
  data: number[];
  /** One colour for the series, or one per bar (`colors`). */
  color?: string;
  colors?: string[];
}

/** Bar thickness 15, or 25 for monthly bars. */
export function barThickness(monthly = false): number {
  return monthly ? 25 : 15;
}

export const COLORS = {
  plan: "#94a3b8",
  actual: "#2563eb",
  good: "#16a34a",
  bad: "#dc2626",
  neutral: "#0ea5e9",
  pastelBlue: "#93c5fd",
  pastelGreen: "#86efac",
} as const;

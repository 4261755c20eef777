// The coaching draft's words (pure): for each measure a DA is off target in, what the measure is, their
// figure against the target, the week's tier and one concrete tip; all in ONE SMS, English or Spanish.
import type { ScoreboardRowDto } from "../scoreboard/dto.ts";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export type CoachedMeasure = "dcr" | "pod" | "dsb" | "dnr";

interface Words {
  name: string;
  what: string;
  tip: string;
}
const WORDS: Record<Language, Record<CoachedMeasure, Words>> = {
  en: {
    dcr: {
      name: "DCR",
      what: "the share of your packages delivered",
      tip: "call support before you return a package",
    },
    pod: {
      name: "POD",
      what: "photos on delivery that Amazon accepts",
      tip: "take the photo with the package and the door in frame",
    },
    dsb: {
      name: "DSB",
      what: "deliveries that were not as the customer asked",
      tip: "scan at the door, never in the van",
    },
    dnr: {
      name: "DNR",
      what: "packages marked delivered but not received, per million",
      tip: "leave packages out of sight and follow the delivery notes",
    },
  },
  es: {
    dcr: {
      name: "DCR",
      what: "el porcentaje de tus paquetes entregados",
      tip: "llama a soporte antes de devolver un paquete",
    },
    pod: {
      name: "POD",
      what: "las fotos de entrega que Amazon acepta",
      tip: "haz la foto con el paquete y la puerta a la vista",
    },
    dsb: {
      name: "DSB",
      what: "entregas que no fueron como pidió el cliente",
      tip: "escanea en la puerta, nunca en la furgoneta",
    },
    dnr: {
      name: "DNR",
      what: "paquetes marcados como entregados pero no recibidos, por millón",
      tip: "deja los paquetes fuera de la vista y sigue las notas de entrega",
    },
  },
};

const SENTENCES: Record<Language, {
  hi: (first: string) => string;
  intro: (week: number) => string;
  tier: (tier: string) => string;
  noTier: string;
  line: (w: Words, figure: string, target: string) => string;
  end: string;
}> = {
  en: {
    hi: (f) => (f ? `Hi ${f}, ` : "Hi, "),
    intro: (w) => `your coaching for week ${w}`,
    tier: (t) => ` (tier ${t}).`,
    noTier: ".",
    line: (w, f, t) => `${w.name}, ${w.what}: ${f}, target ${t}. Tip: ${w.tip}.`,
    end: "Thank you!",
  },
  es: {
    hi: (f) => (f ? `Hola ${f}, ` : "Hola, "),
    intro: (w) => `tu coaching de la semana ${w}`,
    tier: (t) => ` (nivel ${t}).`,
    noTier: ".",
    line: (w, f, t) => `${w.name}, ${w.what}: ${f}, objetivo ${t}. Consejo: ${w.tip}.`,
    end: "¡Gracias!",
  },
};

const pct = (v: number) => `${Math.round(v * 100) / 100}%`;

/** The measures the DA is off target in, with the figure and the target as shown. */
export function offTarget(
  r: ScoreboardRowDto,
): { measure: CoachedMeasure; figure: string; target: string }[] {
  const out: { measure: CoachedMeasure; figure: string; target: string }[] = [];
  if (r.raw_data.dcr !== null && r.raw_data.dcr < 98) {
    out.push({ measure: "dcr", figure: pct(r.raw_data.dcr), target: "98%" });
  }
  if (r.raw_data.pod !== null && r.raw_data.pod < 97) {
    out.push({ measure: "pod", figure: pct(r.raw_data.pod), target: "97%" });
  }
  if (r.dsb_count !== null && r.dsb_count > 0) {
    out.push({ measure: "dsb", figure: String(r.dsb_count), target: "0" });
  }
  if (r.dnr !== null && r.dnr > 600) out.push({ measure: "dnr", figure: String(r.dnr), target: "600" });
  return out;
}

export const languageOf = (v: string | null | undefined): Language => (v === "es" ? "es" : "en");

/** The one SMS of a DA's week, or null when the DA is on target everywhere. */
export function draftText(r: ScoreboardRowDto, week: number, language: Language): string | null {
  const off = offTarget(r);
  if (!off.length) return null;
  const s = SENTENCES[language];
  const tier = r.raw_data.current_week_tier;
  const head = `${s.hi(r.driver.first_name)}${s.intro(week)}${tier ? s.tier(tier) : s.noTier}`;
  const lines = off.map((o) => s.line(WORDS[language][o.measure], o.figure, o.target));
  return [head, ...lines, s.end].join(" ");
}

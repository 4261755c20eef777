export type Tone = "green" | "blue" | "amber" | "red" | "grey";

/** How one status shows: its label, its colour and, if it helps, a tooltip. */
export interface StatusLook {
  label: string;
  tone: Tone;
  title?: string;
}

const TONES: Record<Tone, string> = {
  green: "bg-emerald-100 text-emerald-800",
  blue: "bg-sky-100 text-sky-800",
  amber: "bg-amber-100 text-amber-900",
  red: "bg-red-100 text-red-800",
  grey: "bg-slate-200 text-slate-700",
};

/** A status as a coloured pill, looked up in the screen's table of statuses (an unknown one shows grey). */
export default function StatusBadge<K extends string | number>({ status, looks, testId }: {
  status: K;
  looks: Record<K, StatusLook>;
  testId?: string;
}) {
  const look: StatusLook = looks[status] ?? { label: String(status), tone: "grey" };
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${
        TONES[look.tone]
      }`}
      data-testid={testId}
      title={look.title}
    >
      {look.label}
    </span>
  );
}

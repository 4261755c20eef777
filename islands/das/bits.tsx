import type { SpotDto } from "../../lib/das/dto.ts";
import type { PersonRef } from "../../lib/users/person-ref.ts";
import { statusLabel } from "../../lib/das/inputs.ts";
import { licenceLabel } from "../../lib/das/policy.ts";

const TONE: Record<number, string> = {
  1: "bg-emerald-100 text-emerald-800",
  2: "bg-sky-100 text-sky-800",
  3: "bg-red-100 text-red-800",
  5: "bg-slate-200 text-slate-700",
  6: "bg-amber-100 text-amber-900",
};

/** A DA's status as a coloured pill. */
export function StatusBadge({ status }: { status: number }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-semibold ${
        TONE[status] ?? TONE[5]
      }`}
      data-testid="da-status"
    >
      {statusLabel(status)}
    </span>
  );
}

export const personName = (p: PersonRef | null) => (p ? `${p.first_name} ${p.last_name}`.trim() : "");

export const Dash = () => <span className="text-slate-400">—</span>;

/** The licence, with the placeholder shown as 'No Licence'. */
export function Licence({ value }: { value: string | null }) {
  const label = licenceLabel(value);
  if (!label) return <Dash />;
  return label === "No Licence"
    ? (
      <span className="whitespace-nowrap text-xs font-medium text-amber-700" data-testid="da-licence">
        No Licence
      </span>
    )
    : <span className="font-mono text-xs" data-testid="da-licence">{label}</span>;
}

/** Station tags of the spots; the title shows agency and fleet groups. */
export function SpotTags({ spots }: { spots: SpotDto[] }) {
  if (spots.length === 0) return <Dash />;
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="da-spots">
      {spots.map((s) => (
        <span
          key={s.id}
          className="rounded bg-brand-50 px-1.5 py-0.5 font-mono text-xs font-semibold text-brand-700"
          title={[
            s.station.title,
            s.agency?.name,
            s.fleet_groups.map((g) => g.name).join(", "),
          ].filter(Boolean).join(" · ")}
        >
          {s.station.tag}
        </span>
      ))}
    </span>
  );
}

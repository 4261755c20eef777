import type { DaDto, StatusChangeDto } from "../../lib/das/dto.ts";
import { useEffect, useState } from "react";
import { daPatchInput, statusLabel } from "../../lib/das/inputs.ts";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { formatDateInZone, formatTimestamp } from "../../lib/dates/format.ts";
import { roleName } from "../../lib/auth/roles.ts";
import Drawer, { DrawerSection, Facts } from "../ui/Drawer.tsx";
import Timeline, { type Loaded, type TimelineEntry, useRows } from "../ui/Timeline.tsx";
import { Tag } from "../ui/Tag.tsx";
import { DaStatusBadge, Licence, personName } from "./columns.tsx";

function entries(rows: Loaded<StatusChangeDto>, timeZone: string): Loaded<TimelineEntry> {
  if (rows === null || rows === "error") return rows;
  return rows.map((h) => ({
    id: h.id,
    title: `${h.from_status == null ? "" : `${statusLabel(h.from_status)} → `}${statusLabel(h.to_status)}`,
    meta: `${formatTimestamp(h.changed_at, timeZone)} · ${personName(h.changed_by) || "Unknown"}`,
    note: h.reason,
  }));
}

function noHistory(da: DaDto, timeZone: string): string {
  if (!da.last_status_change) return "This DA's status has never been changed.";
  const by = da.last_status_changed_by ? ` by ${personName(da.last_status_changed_by)}` : "";
  return `No history rows yet. The last change (${
    formatTimestamp(da.last_status_change, timeZone)
  }${by}) was made before history was kept.`;
}

/** The DA's message language (coaching drafts are written in it), saved at once. */
function LanguageSelect({ da }: { da: DaDto }) {
  const [value, setValue] = useState(da.language);
  useEffect(() => setValue(da.language), [da.id, da.language]);
  async function save(next: "en" | "es") {
    const was = value;
    setValue(next);
    try {
      await api(`/api/driver-model/${da.id}/`, {
        method: "PATCH",
        body: JSON.stringify(daPatchInput.parse({ language: next })),
      });
      toast("success", "Language saved.");
    } catch {
      setValue(was);
    }
  }
  return (
    <select
      className="field-input w-auto py-1 text-sm"
      aria-label="Message language"
      value={value}
      onChange={(e) => save(e.target.value === "es" ? "es" : "en")}
      data-testid="da-language"
    >
      <option value="en">English</option>
      <option value="es">Spanish</option>
    </select>
  );
}

/** A DA's facts, station spots and whole status history, in a side panel. */
export default function DaDetail({ da, timeZone, onClose, onSpots }: {
  da: DaDto | null;
  timeZone: string;
  onClose: () => void;
  onSpots: ((d: DaDto) => void) | null;
}) {
  const history = useRows<StatusChangeDto>(
    da ? `/api/driver-model/${da.id}/history/` : null,
    da?.last_status_change,
  );
  if (!da) return null;
  return (
    <Drawer open title={`${da.first_name} ${da.last_name}`} onClose={onClose}>
      <Facts
        testId="da-facts"
        items={[
          ["Status", <DaStatusBadge key="s" status={da.status} />],
          ["Active", da.is_active ? "Yes" : "No"],
          ["Transporter ID", da.transporter_id ?? "—"],
          ["E-mail", da.email],
          ["Driver licence", <Licence key="l" value={da.driver_license} />],
          ["Badge", da.badge ?? "—"],
          ["Onboarded", formatDateInZone(da.created, timeZone)],
          ["Role", roleName(da.role)],
          ["Message language", <LanguageSelect key="lang" da={da} />],
        ]}
      />
      <DrawerSection
        title="Station spots"
        action={onSpots
          ? (
            <button type="button" className="btn-ghost px-2 py-1 text-xs" onClick={() => onSpots(da)}>
              Edit spots
            </button>
          )
          : null}
      >
        <ul className="space-y-1.5 text-sm" data-testid="detail-spots">
          {da.station_spots.map((s) => (
            <li key={s.id} className="flex items-start gap-2">
              <span className="mt-0.5">
                <Tag>{s.station.tag}</Tag>
              </span>
              <div className="min-w-0">
                <div className="text-slate-800">{s.agency?.name ?? "No agency"}</div>
                <div className="text-xs text-slate-500">
                  {s.fleet_groups.length ? s.fleet_groups.map((g) => g.name).join(", ") : "No fleet groups"}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </DrawerSection>
      <DrawerSection title="Status history">
        <Timeline entries={entries(history, timeZone)} empty={noHistory(da, timeZone)} testId="da-history" />
      </DrawerSection>
    </Drawer>
  );
}

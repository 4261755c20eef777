// One tracker row (02 "Editable table columns"). Memoised: it re-renders only when its own record, its
// position or the DA 2 switch changes; everything it calls comes from the page-long RowContext. The cells
// come in the table's column groups, left to right: the van and the route, the DA, the checks, the counts.
import { memo } from "react";
import LazySelect from "./LazySelect.tsx";
import SerialPicker from "./SerialPicker.tsx";
import { CheckCell, HoursCell, NumberCell, TextCell, TimeCell } from "./cells.tsx";
import { NUMBER_COLUMNS } from "./columns.ts";
import { emptyRowRule, isReleased, RowMark, StatusSelect } from "./RowParts.tsx";
import { RELEASING_ROLES } from "../../lib/shifts/calc.ts";
import { fleetSizeOf, personName, type Rec, type RowContext, transporterIdText } from "./types.ts";

const FLAGS = [
  ["ontime_attendance", "Ontime attendance"],
  ["launchpad_support", "Launchpad support"],
  ["morning_checklist", "Morning checklist"],
] as const;

interface CellsProps {
  rec: Rec;
  ctx: RowContext;
}

/** A field's commit: one field-level PATCH (with the version the editor started from, when given). */
const patcher =
  ({ rec, ctx }: CellsProps) => (field: string) => (value: string | number | boolean | null, seen?: number) =>
    ctx.patch(rec.id, { [field]: value }, seen);

/** The DA choices for a picker: the station's DAs on no other row, and not the row's other DA. */
const driverChoices = ({ rec, ctx }: CellsProps, other: Rec["driver"]) => () => {
  const taken = ctx.driversElsewhere(rec.id);
  return (ctx.options()?.drivers ?? [])
    .filter((d) => !taken.has(d.id) && d.id !== other?.id)
    .map((d) => ({ value: String(d.id), label: personName(d) }));
};

function RecordRow(
  { rec, index, showDa2, ctx }: { rec: Rec; index: number; showDa2: boolean; ctx: RowContext },
) {
  return (
    <tr data-testid="tracker-row" data-record-id={rec.id} data-locked={rec.locked} aria-rowindex={index + 1}>
      <td className="tk-s1">
        <RowMark rec={rec} index={index} onDelete={ctx.askDelete} />
      </td>
      <VanAndRouteCells rec={rec} ctx={ctx} />
      <DriverCells rec={rec} ctx={ctx} showDa2={showDa2} />
      <CheckCells rec={rec} ctx={ctx} />
      <CountCells rec={rec} ctx={ctx} />
    </tr>
  );
}

/** Fleet No., DA, van group and fleet size, then the role and route cells. */
function VanAndRouteCells(props: CellsProps) {
  const { rec, ctx } = props;
  const c = ctx.constants;
  const locked = rec.locked;
  const patch = patcher(props);
  const size = fleetSizeOf(rec);
  const released = isReleased(rec);
  const history = released ? "Given back when the row was cancelled or rejected: kept as history" : undefined;
  return (
    <>
      <td className="tk-s2">
        <TextCell
          name="fleet_number"
          label="Fleet No."
          value={rec.van ? rec.van.number : rec.fleet_number}
          maxLength={20}
          size="narrow"
          version={rec.version}
          disabled={locked || !!rec.van}
          muted={released}
          title={history}
          onCommit={patch("fleet_number")}
        />
      </td>
      <td className="tk-s3">
        <LazySelect
          name="driver"
          label="DA"
          value={rec.driver ? String(rec.driver.id) : ""}
          current={personName(rec.driver)}
          options={driverChoices(props, rec.second_driver)}
          disabled={locked}
          className="tk-sel w-44"
          onChange={(v) => ctx.patch(rec.id, { driver: Number(v) || 0 })}
        />
      </td>
      <td>
        {rec.van?.van_group_name
          ? <span className="tk-ro">{rec.van.van_group_name}</span>
          : <span className="tk-none">—</span>}
      </td>
      <td>
        <LazySelect
          name="fleet_size"
          label="Fleet size"
          value={size ? String(size) : ""}
          current={size ? c.fleetSizeTitles[size] ?? String(size) : ""}
          className={`tk-sel w-32 ${released ? "text-slate-400 italic" : ""}`}
          title={history}
          disabled={locked || (!rec.driver && !released)}
          options={() =>
            c.fleetSizeOrder.map((id) => ({ value: String(id), label: c.fleetSizeTitles[id] ?? String(id) }))}
          onChange={(v) => ctx.patch(rec.id, { fleet_size: Number(v) || 0 })}
        />
      </td>
      <RoleAndRouteCells {...props} />
    </>
  );
}

/** Role, hours, route, wave. */
function RoleAndRouteCells(props: CellsProps) {
  const { rec, ctx } = props;
  const c = ctx.constants;
  const locked = rec.locked;
  const patch = patcher(props);
  const empty = emptyRowRule(rec);
  // On a cancelled row without a DA only going back is offered.
  const roles = empty.undo ? c.roles.filter((r) => !RELEASING_ROLES.includes(r.id)) : c.roles;
  return (
    <>
      <td>
        <LazySelect
          name="role"
          label="Role"
          value={String(rec.role)}
          empty={null}
          className="tk-sel w-36"
          current={c.roles.find((r) => r.id === rec.role)?.name ?? String(rec.role)}
          disabled={locked || !!empty.reason}
          title={empty.reason ?? (empty.undo ? "No DA: set this row back to another role" : undefined)}
          options={() => roles.map((r) => ({ value: String(r.id), label: r.name }))}
          onChange={(v) => ctx.patch(rec.id, { role: Number(v) })}
        />
      </td>
      <td>
        <HoursCell
          name="role_hours"
          label="Role hours"
          value={rec.role_hours}
          version={rec.version}
          disabled={locked || !c.editableHoursRoles.includes(rec.role)}
          onCommit={patch("role_hours")}
        />
      </td>
      <td>
        <TextCell
          name="route"
          label="Route"
          value={rec.route}
          maxLength={40}
          version={rec.version}
          disabled={locked}
          onCommit={patch("route")}
        />
      </td>
      <td>
        <LazySelect
          name="wave_time"
          label="Wave"
          value={rec.wave_time ?? ""}
          current={rec.wave_time ?? ""}
          disabled={locked}
          className="tk-sel w-24"
          options={() => c.waves.map((w) => ({ value: w, label: w }))}
          onChange={(v) => ctx.patch(rec.id, { wave_time: v || null })}
        />
      </td>
    </>
  );
}

/** Badge, transporter id, DA status; with DA 2 switched on, DA 2 and their status. */
function DriverCells(props: CellsProps & { showDa2: boolean }) {
  const { rec, ctx, showDa2 } = props;
  const locked = rec.locked;
  return (
    <>
      <td>
        <span className="tk-ro">{rec.driver?.badge ?? ""}</span>
      </td>
      <td>
        <span className="tk-ro" data-testid="transporter-id">{transporterIdText(rec, ctx.stationId)}</span>
      </td>
      <td>
        <StatusSelect rec={rec} ctx={ctx} second={false} disabled={locked} />
      </td>
      {showDa2
        ? (
          <>
            <td>
              <LazySelect
                name="second_driver"
                label="DA 2"
                value={rec.second_driver ? String(rec.second_driver.id) : ""}
                current={personName(rec.second_driver)}
                options={driverChoices(props, rec.driver)}
                className="tk-sel w-44"
                disabled={locked || !rec.driver}
                onChange={(v) => ctx.patch(rec.id, { second_driver: Number(v) || 0 })}
              />
            </td>
            <td>
              <StatusSelect rec={rec} ctx={ctx} second disabled={locked} />
            </td>
          </>
        )
        : null}
    </>
  );
}

/** Actual DA, the two scanners, the three tick boxes, rescue (read-only) and violation. */
function CheckCells(props: CellsProps) {
  const { rec, ctx } = props;
  const locked = rec.locked;
  return (
    <>
      <td>
        <TextCell
          name="actual_DA"
          label="Actual DA"
          value={rec.actual_DA}
          maxLength={80}
          size="wide"
          version={rec.version}
          disabled={locked}
          onCommit={patcher(props)("actual_DA")}
        />
      </td>
      <td>
        <SerialPicker kind="rabbit" rec={rec} ctx={ctx} disabled={locked} />
      </td>
      <td>
        <SerialPicker kind="dolly" rec={rec} ctx={ctx} disabled={locked} />
      </td>
      {FLAGS.map(([f, label]) => (
        <td key={f} className="text-center">
          <CheckCell
            name={f}
            label={label}
            value={rec[f]}
            disabled={locked}
            onCommit={(v) => ctx.patch(rec.id, { [f]: v })}
          />
        </td>
      ))}
      <td className="text-center">
        <CheckCell name="rescue" label="Rescue (from rescue given)" value={rec.rescue} disabled />
      </td>
      <td className="text-center">
        <CheckCell
          name="violation"
          label="Violation"
          value={rec.violation}
          disabled={locked}
          onCommit={(v) => ctx.patch(rec.id, { violation: v })}
        />
      </td>
    </>
  );
}

/** The counts and times of 02 section 5, one cell each. */
function CountCells(props: CellsProps) {
  const { rec } = props;
  const patch = patcher(props);
  return (
    <>
      {NUMBER_COLUMNS.map(([f, label]) => (
        <td key={f}>
          {f === "actual_end_time"
            ? (
              <TimeCell
                name={f}
                label={label}
                value={rec.actual_end_time}
                version={rec.version}
                disabled={rec.locked}
                onCommit={patch(f)}
              />
            )
            : (
              <NumberCell
                name={f}
                label={label}
                value={rec[f]}
                version={rec.version}
                disabled={rec.locked}
                onCommit={patch(f)}
              />
            )}
        </td>
      ))}
    </>
  );
}

export default memo(RecordRow);

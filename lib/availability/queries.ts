// The availability tracker's counts (02 "Tracker"): one statement for a station and a period, scoped to
// the viewer's stations before it runs. Every count is of DAYS, one DA-day counting once per column:
//  - availability_count: days the DA's schedule entry says available;
//  - actual_shifts: days with a shift record (as driver or second driver) whose SHIFT role is not a
//    cancelled type (7, 9, 10); confirmed: those whose status for that DA is 1;
//  - rejected / client_cancelled / mycu_cancelled: days where the schedule says Rejected (16) / Client
//    Cancelled (7) / MYCU Cancelled (15), OR the shift record says Rejected (10) / Client Cancelled (7) /
//    MYCU Cancelled (9). The two enumerations are read apart, each by its own ids (docs/decisions.md).
// Rows: DAs (role 5) with a spot at the station and status Active or Rehired, plus any DA with a counted
// day there in the period.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { ScheduleRole } from "../schedule/roles.ts";
import { CANCEL_ROLES, DaStatus, ShiftRole } from "../shifts/roles.ts";
import type { TrackerRowDto } from "./dto.ts";

export async function trackerCounts(
  db: Queryable,
  stationId: number,
  from: string,
  to: string,
): Promise<TrackerRowDto[]> {
  const CANCELLED = sql.param([...CANCEL_ROLES]);
  const result = await db.execute(sql`
    with sched as (
      select user_id, schedule_date as d,
        bool_or(is_available) as avail,
        bool_or(role = ${ScheduleRole.Rejected}) as rej,
        bool_or(role = ${ScheduleRole.ClientCancelled}) as client,
        bool_or(role = ${ScheduleRole.MycuCancelled}) as mycu
      from schedule_reports
      where station_id = ${stationId} and schedule_date between ${from} and ${to}
      group by 1, 2
    ), driven as (
      select r.driver_id as user_id, r.report_date as d, r.role, r.da_status as status
      from shift_records r join shift_reports rep on rep.id = r.report_id
      where rep.station_id = ${stationId} and r.report_date between ${from} and ${to}
        and r.driver_id is not null
      union all
      select r.second_driver_id, r.report_date, r.role, r.second_da_status
      from shift_records r join shift_reports rep on rep.id = r.report_id
      where rep.station_id = ${stationId} and r.report_date between ${from} and ${to}
        and r.second_driver_id is not null
    ), shifts as (
      select user_id, d,
        bool_or(role <> all(${CANCELLED}::int[])) as shift,
        bool_or(role <> all(${CANCELLED}::int[]) and status = ${DaStatus.Confirmed}) as conf,
        bool_or(role = ${ShiftRole.Rejected}) as rej,
        bool_or(role = ${ShiftRole.ClientCancelled}) as client,
        bool_or(role = ${ShiftRole.MycuCancelled}) as mycu
      from driven group by 1, 2
    ), days as (
      select coalesce(s.user_id, h.user_id) as user_id,
        coalesce(s.avail, false) as avail,
        coalesce(h.shift, false) as shift,
        coalesce(h.conf, false) as conf,
        coalesce(s.rej, false) or coalesce(h.rej, false) as rej,
        coalesce(s.client, false) or coalesce(h.client, false) as client,
        coalesce(s.mycu, false) or coalesce(h.mycu, false) as mycu
      from sched s full join shifts h on h.user_id = s.user_id and h.d = s.d
    )
    select u.id, trim(u.first_name || ' ' || u.last_name) as name, u.badge, u.transporter_id,
      (count(*) filter (where days.avail))::int as availability_count,
      (count(*) filter (where days.shift))::int as actual_shifts,
      (count(*) filter (where days.conf))::int as confirmed,
      (count(*) filter (where days.rej))::int as rejected,
      (count(*) filter (where days.client))::int as client_cancelled,
      (count(*) filter (where days.mycu))::int as mycu_cancelled
    from users u
    left join days on days.user_id = u.id
    where u.role = 5 and (
      days.user_id is not null or (u.status in (1, 2) and exists (
        select 1 from station_spots sp where sp.user_id = u.id and sp.station_id = ${stationId})))
    group by u.id
    order by u.id`);
  return rowsOf<TrackerRowDto>(result);
}

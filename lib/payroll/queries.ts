// Payroll's reads: every schedule entry with a role in the period at the viewer's stations (scoped in the
// SQL), hours and pay worked out by calc.ts, and the users the autocomplete offers. One statement for the
// rows (the helped person's entry is a join, not a query per helper) and one for the users.
import { sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { rowsOf } from "../db/rows.ts";
import { centsToDollars } from "../money.ts";
import { scheduleRoleName } from "../schedule/roles.ts";
import { entryHours, hoursText, payCents, type Period, resolvePeriod } from "./calc.ts";
import type { PayrollReportDto, PayrollRowDto, PayrollUserDto } from "./dto.ts";

const ids = (stationIds: readonly number[]) => sql.param(stationIds.length ? [...stationIds] : [-1]);

interface Raw {
  id: number;
  user_id: number;
  first_name: string;
  last_name: string;
  badge: string | null;
  status: number;
  rate: number | null;
  station_id: number;
  tag: string;
  date: string;
  role: number;
  role_hours: string;
  helped_role: number | null;
  helped_hours: string | null;
  agency: string | null;
  agency_rate: number | null;
}

function toDto(r: Raw): PayrollRowDto {
  const helped = r.helped_role === null ? null : { role: r.helped_role, roleHours: r.helped_hours };
  const hundredths = entryHours({ role: r.role, roleHours: r.role_hours }, helped);
  const pay = payCents(hundredths, r.rate);
  const agencyPay = payCents(hundredths, r.agency_rate);
  return {
    id: r.id,
    user_id: r.user_id,
    user_name: `${r.first_name} ${r.last_name}`.trim(),
    badge: r.badge,
    station: r.tag,
    station_id: r.station_id,
    agency: r.agency,
    date: r.date,
    role: r.role,
    role_name: scheduleRoleName(r.role),
    role_hours: hoursText(hundredths),
    pay_rate: centsToDollars(r.rate),
    pay: centsToDollars(pay),
    agency_pay: centsToDollars(agencyPay),
    user_status: r.status,
    hours_hundredths: hundredths,
    pay_rate_cents: r.rate,
    pay_cents: pay,
    agency_pay_cents: agencyPay,
  };
}

/** The period's rows at the viewer's stations, DAs by name then date. */
export async function payrollRows(
  db: Queryable,
  stationIds: readonly number[],
  period: Period,
  opts: { activeOffboarded?: boolean } = {},
): Promise<PayrollRowDto[]> {
  const { from, to } = resolvePeriod(period);
  const statuses = opts.activeOffboarded === false ? sql`` : sql`and u.status in (1, 5)`;
  const result = await db.execute(sql`
    select sr.id, sr.user_id, u.first_name, u.last_name, u.badge, u.status, u.rate_per_hour_cents as rate,
      st.id as station_id, st.tag, sr.schedule_date::text as date, sr.role, sr.role_hours::text as role_hours,
      h.role as helped_role, h.role_hours::text as helped_hours,
      coalesce(sa.name, ua.name) as agency,
      case when sa.id is not null then sa.pay_rate_per_hour_cents else ua.pay_rate_per_hour_cents end
        as agency_rate
    from schedule_reports sr
    join users u on u.id = sr.user_id
    join stations st on st.id = sr.station_id
    left join station_spots sp on sp.user_id = sr.user_id and sp.station_id = sr.station_id
    left join agencies sa on sa.id = sp.agency_id
    left join agencies ua on ua.id = u.agency_id
    left join schedule_reports h on sr.role = 13 and h.user_id = sr.helper_of_id
      and h.schedule_date = sr.schedule_date
    where sr.station_id = any(${ids(stationIds)}::int[])
      and sr.schedule_date between ${from} and ${to} and sr.role is not null ${statuses}
    order by u.first_name, u.last_name, sr.user_id, sr.schedule_date, sr.id`);
  return rowsOf<Raw>(result).map(toDto);
}

/** Users with a spot at the viewer's stations (active and off boarded with the flag), their spots there. */
export async function payrollUsers(
  db: Queryable,
  stationIds: readonly number[],
  opts: { activeOffboarded?: boolean } = {},
): Promise<PayrollUserDto[]> {
  const statuses = opts.activeOffboarded === false ? sql`` : sql`and u.status in (1, 5)`;
  const result = await db.execute(sql`
    select u.id, trim(u.first_name || ' ' || u.last_name) as username, u.status, u.role,
      json_agg(json_build_object('id', sp.id, 'station',
        json_build_object('id', st.id, 'tag', st.tag, 'title', st.title)) order by st.id) as station_spots
    from users u
    join station_spots sp on sp.user_id = u.id and sp.station_id = any(${ids(stationIds)}::int[])
    join stations st on st.id = sp.station_id
    where true ${statuses}
    group by u.id
    order by username, u.id`);
  return rowsOf<PayrollUserDto & { station_spots: unknown }>(result).map((u) => ({
    ...u,
    station_spots: typeof u.station_spots === "string" ? JSON.parse(u.station_spots) : u.station_spots,
  })) as PayrollUserDto[];
}

/** GET api/schedule/get_payroll_reports: `{data: {dataList, userList}}`. */
export async function payrollReport(
  db: Queryable,
  stationIds: readonly number[],
  period: Period,
  activeOffboarded = true,
): Promise<PayrollReportDto> {
  const [dataList, userList] = await Promise.all([
    payrollRows(db, stationIds, period, { activeOffboarded }),
    payrollUsers(db, stationIds, { activeOffboarded }),
  ]);
  return { data: { dataList, userList } };
}

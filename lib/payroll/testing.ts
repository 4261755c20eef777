// Payroll rows for unit tests (not shipped to islands): a DTO row with sensible defaults.
import type { PayrollRowDto } from "./dto.ts";

let next = 1;
export function payrollRow(o: Partial<PayrollRowDto> = {}): PayrollRowDto {
  return {
    id: next++,
    user_id: 1,
    user_name: "Ann Lee",
    badge: "B1",
    station: "DON9",
    station_id: 1,
    agency: "Acme Staffing",
    date: "2026-05-17",
    role: 0,
    role_name: "Standard",
    role_hours: "10.00",
    pay_rate: "20.00",
    pay: "200.00",
    agency_pay: "250.00",
    user_status: 1,
    hours_hundredths: 1000,
    pay_rate_cents: 2000,
    pay_cents: 20000,
    agency_pay_cents: 25000,
    ...o,
  };
}

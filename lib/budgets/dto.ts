// The budget as the API returns it (02 section 3 "Budget"), with the viewer-facing `editable` flag.

export interface BudgetDto {
  id: number;
  station: { id: number; title: string; tag: string };
  month: number;
  year: number;
  budget_no_of_routes: number;
  budget_no_of_deliveries: number;
  budget_no_of_da: number;
  budget_no_of_fleet: number;
  /** The budget's month is the current month (organisation's zone): its numbers may change. */
  editable: boolean;
}

export interface BudgetRow {
  id: number;
  stationId: number;
  stationTitle: string;
  stationTag: string;
  month: number;
  year: number;
  routes: number;
  deliveries: number;
  das: number;
  fleet: number;
}

export function budgetDto(r: BudgetRow, editable: boolean): BudgetDto {
  return {
    id: r.id,
    station: { id: r.stationId, title: r.stationTitle, tag: r.stationTag },
    month: r.month,
    year: r.year,
    budget_no_of_routes: r.routes,
    budget_no_of_deliveries: r.deliveries,
    budget_no_of_da: r.das,
    budget_no_of_fleet: r.fleet,
    editable,
  };
}

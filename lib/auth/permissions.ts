import { effectiveRole, MANAGEMENT, PRIVILEGED, type RoleId, STAFF_ROLES, TOP } from "./roles.ts";

/**
 * The single table of who may open which page and do what. The middleware guards pages with PAGES,
 * API handlers call `can()` with ACTIONS, the menu and Settings are built from MENU filtered by PAGES,
 * and the tests read all three. A page enters PAGES the day it exists; until then it is simply absent.
 */
export const PAGES: readonly { pattern: RegExp; path: string; roles: readonly RoleId[] }[] = [
  { path: "/account", pattern: /^\/account\/?$/, roles: STAFF_ROLES },
  { path: "/settings", pattern: /^\/settings\/?$/, roles: STAFF_ROLES },
  { path: "/outbox", pattern: /^\/outbox\/?$/, roles: TOP },
  { path: "/das-reports", pattern: /^\/das-reports(\/\d+)?\/?$/, roles: STAFF_ROLES },
  { path: "/da-status", pattern: /^\/da-status\/?$/, roles: STAFF_ROLES },
  { path: "/fleet-status", pattern: /^\/fleet-status\/?$/, roles: STAFF_ROLES },
  { path: "/import", pattern: /^\/import\/?$/, roles: MANAGEMENT },
  { path: "/staff", pattern: /^\/staff\/?$/, roles: PRIVILEGED },
  { path: "/setup", pattern: /^\/setup(\/[a-z-]+)?\/?$/, roles: PRIVILEGED },
  { path: "/schedule", pattern: /^\/schedule\/?$/, roles: MANAGEMENT },
  { path: "/tracker", pattern: /^\/tracker\/?$/, roles: MANAGEMENT },
  { path: "/payroll", pattern: /^\/payroll\/?$/, roles: TOP },
  { path: "/fleet-reports", pattern: /^\/fleet-reports\/?$/, roles: TOP },
  // Quality and coaching (issue 12; 03 section 6).
  { path: "/check", pattern: /^\/check(\/\d+)?\/?$/, roles: STAFF_ROLES },
  { path: "/amzn-scoreboard", pattern: /^\/amzn-scoreboard\/?$/, roles: STAFF_ROLES },
  { path: "/act", pattern: /^\/act\/?$/, roles: STAFF_ROLES },
  // Issue 13: analytics
  {
    path: "/dashboard",
    pattern: /^\/dashboard(\/(routes|deliveries|returns|missing))?\/?$/,
    roles: MANAGEMENT,
  },
  { path: "/falcon", pattern: /^\/falcon\/?$/, roles: MANAGEMENT },
  { path: "/scorecard", pattern: /^\/scorecard\/?$/, roles: MANAGEMENT },
  { path: "/performance", pattern: /^\/performance\/?$/, roles: MANAGEMENT },
  { path: "/check-ikea", pattern: /^\/check-ikea(\/\d+)?\/?$/, roles: STAFF_ROLES },
  { path: "/act-ikea", pattern: /^\/act-ikea\/?$/, roles: STAFF_ROLES },
];

export const ACTIONS = {
  "account.read": STAFF_ROLES,
  "account.update": STAFF_ROLES,
  "settings.update": STAFF_ROLES,
  "users.list": STAFF_ROLES,
  "users.grantOldShifts": TOP,
  "outbox.read": TOP,
  /** The outbox's simulated phone (demo, only while Twilio is not configured: lib/outbox/errors.ts). */
  "outbox.simulateReply": TOP,
  // Daily operations (02 sections 2-5). Edit windows and row locks are rules of lib/shifts/locks.ts.
  "shifts.read": STAFF_ROLES,
  "shifts.create": STAFF_ROLES,
  "shifts.edit": STAFF_ROLES,
  "shifts.notify": STAFF_ROLES,
  "shifts.upload": STAFF_ROLES,
  "shift.delete": PRIVILEGED,
  "shift.summary": PRIVILEGED,
  "budgets.manage": PRIVILEGED,
  // Imports (01 "Import page"): only for the caller's stations, a rule of lib/imports/policy.ts.
  "import.read": MANAGEMENT,
  "import.upload": MANAGEMENT,
  /** re-run or remove an import */
  "import.manage": MANAGEMENT,
  /** "create DA" / "map to DA" for a transporter id a file carries that no DA holds */
  "import.linkDas": MANAGEMENT,
  // Registers (03 sections 2.9, 2.10). Dispatchers' narrower rights (statuses 1 and 6 only, no Off
  // Boarded van) are rules of the change itself, in lib/das/policy.ts and lib/vans/policy.ts.
  "das.read": STAFF_ROLES,
  "das.changeStatus": STAFF_ROLES,
  "das.editTransporterId": MANAGEMENT,
  "das.editSpots": MANAGEMENT,
  "vans.read": STAFF_ROLES,
  "vans.changeStatus": STAFF_ROLES,
  "vans.changeStation": MANAGEMENT,
  "registers.export": STAFF_ROLES,
  "roster.import": PRIVILEGED,
  "reference.read": STAFF_ROLES,
  /** Vans and scanners: only at the caller's own stations (lib/vans/setup.ts, lib/reference/scanners.ts). */
  "reference.manage": PRIVILEGED,
  /**
   * Stations, agencies, fleet groups, van groups, fleet sizes: shared by every station, so owners, and
   * managers only while they hold a spot on every station (lib/reference/org-wide.ts).
   */
  "reference.org.edit": PRIVILEGED,
  "staff.manage": PRIVILEGED,
  /** GET api/statistic/: open to staff; each statistic then checks its own action (lib/statistics). */
  "statistic.read": STAFF_ROLES,
  // Week planning and money (02 sections 2 "Schedule" to "Fleet reports", 6).
  "schedule.read": MANAGEMENT,
  "schedule.edit": MANAGEMENT,
  /** availability requests and publishing confirmed shifts, by SMS through the outbox */
  "schedule.message": MANAGEMENT,
  "availability.read": MANAGEMENT,
  "payroll.read": TOP,
  "fleetReports.read": TOP,
  "fleetReports.editInvoice": TOP,
  /** `dsp backup` through a running server: the embedded database's dump (lib/ops/backup.ts). */
  "system.backup": TOP,
  // Quality and coaching (issue 12; 03 sections 5, 6). Role 1 reads checks but types nothing there.
  "checks.read": STAFF_ROLES,
  /** whc off-target and employee satisfaction on a week row */
  "checks.editWeek": MANAGEMENT,
  /** dsb and violation of a day (everyone but the read-only role 1) */
  "checks.editDay": MANAGEMENT,
  "scoreboard.read": STAFF_ROLES,
  /** the block-message checkbox of a row */
  "scoreboard.block": STAFF_ROLES,
  /** DA Notify (hidden for role 1) */
  "scoreboard.notify": MANAGEMENT,
  "actions.read": STAFF_ROLES,
  /** edit an action row, and make actions from a check week's off-target DAs */
  "actions.edit": STAFF_ROLES,
  // Issue 13: analytics (the dashboard's cards and trends, the statistics behind them, the weights)
  "dashboard.read": MANAGEMENT,
  "weights.read": MANAGEMENT,
  /** the performance page's scorecards (03 2.6, 6: management roles, not role 1) and its PDF */
  "performance.read": MANAGEMENT,
  "weights.update": PRIVILEGED,
  // Falcon (03 2.8, 6): management only; the plan and the comments are typed by whoever reads the page.
  "falcon.read": MANAGEMENT,
  "falcon.editPlan": MANAGEMENT,
  "falcon.comment": MANAGEMENT,
  /** the Pulse page's statistics (/scorecard, 03 2.7) */
  "pulse.read": MANAGEMENT,
  // IKEA checks (issue 12 point 4): read as /check; every figure is typed by management.
  "ikea.read": STAFF_ROLES,
  "ikea.edit": MANAGEMENT,
  /** /act-ikea: as /act, every staff role reads and works the IKEA actions, and makes them from a week */
  "ikeaActions.read": STAFF_ROLES,
  "ikeaActions.edit": STAFF_ROLES,
} as const satisfies Record<string, readonly RoleId[]>;
export type Action = keyof typeof ACTIONS;

export function can(role: number | null | undefined, action: Action): boolean {
  return ACTIONS[action].includes(effectiveRole(role));
}

/** The page rule for a path, or undefined for paths that are not guarded pages (/, assets, API). */
export function pageRule(path: string) {
  return PAGES.find((p) => p.pattern.test(path));
}

export function canOpen(role: number | null | undefined, path: string): boolean {
  const rule = pageRule(path);
  return !!rule && rule.roles.includes(effectiveRole(role));
}

export interface MenuItem {
  key: string;
  label: string;
  href: string;
}
export interface MenuGroup {
  key: string;
  label: string;
  /** Groups at the foot of the side menu (Setup, Import). */
  bottom?: boolean;
  items: MenuItem[];
}

/** Groups and items as 01 "Shell and menu" lists them (with the spelling slip corrected). */
export const MENU: readonly MenuGroup[] = [
  {
    key: "dashboard",
    label: "Dashboard",
    items: [
      { key: "dashboard", label: "Dashboard", href: "/dashboard" },
      { key: "falcon", label: "Falcon", href: "/falcon" },
    ],
  },
  {
    key: "trends",
    label: "Trends",
    items: [
      { key: "trend-routes", label: "Route", href: "/dashboard/routes" },
      { key: "trend-deliveries", label: "Deliveries", href: "/dashboard/deliveries" },
      { key: "trend-returns", label: "Returns", href: "/dashboard/returns" },
      { key: "trend-missing", label: "Missing", href: "/dashboard/missing" },
    ],
  },
  {
    key: "operations",
    label: "Operations",
    items: [
      { key: "shift-tracker", label: "Shift reports", href: "/das-reports" },
      { key: "schedule", label: "Schedule", href: "/schedule" },
      { key: "tracker", label: "Tracker", href: "/tracker" },
      { key: "payroll", label: "Payroll", href: "/payroll" },
    ],
  },
  {
    key: "report",
    label: "Report",
    items: [{ key: "fleet-reports", label: "Fleet reports", href: "/fleet-reports" }],
  },
  {
    key: "amzn",
    label: "AMZN Reports",
    items: [
      { key: "performance", label: "Performance", href: "/performance" },
      { key: "scoreboard", label: "Scoreboard", href: "/amzn-scoreboard" },
      { key: "check", label: "Check AMZN", href: "/check" },
      { key: "act", label: "Act AMZN", href: "/act" },
      { key: "check-ikea", label: "Check IKEA", href: "/check-ikea" },
      { key: "act-ikea", label: "Act IKEA", href: "/act-ikea" },
    ],
  },
  { key: "pulse", label: "Pulse", items: [{ key: "pulse", label: "Pulse", href: "/scorecard" }] },
  {
    key: "import",
    label: "Import",
    bottom: true,
    items: [{ key: "import", label: "Import", href: "/import" }],
  },
  {
    key: "setup",
    label: "Setup",
    bottom: true,
    items: [
      { key: "da-status", label: "DA status", href: "/da-status" },
      { key: "fleet-status", label: "Fleet status", href: "/fleet-status" },
      { key: "staff", label: "Staff accounts", href: "/staff" },
      { key: "reference", label: "Reference data", href: "/setup" },
      { key: "outbox", label: "Outbox", href: "/outbox" },
    ],
  },
];

/** Every group and item this role may open, before the user's own Settings hide any. */
export function permittedMenu(role: number | null | undefined): MenuGroup[] {
  return MENU.map((g) => ({ ...g, items: g.items.filter((i) => canOpen(role, i.href)) }))
    .filter((g) => g.items.length > 0);
}

/** The menu a user sees: permitted, and neither the group nor the item switched off in Settings. */
export function menuFor(role: number | null | undefined, hidden: readonly string[] = []): MenuGroup[] {
  const off = new Set(hidden);
  return permittedMenu(role)
    .filter((g) => !off.has(`group:${g.key}`))
    .map((g) => ({ ...g, items: g.items.filter((i) => !off.has(`item:${i.key}`)) }))
    .filter((g) => g.items.length > 0);
}

/** Where "/" sends a signed-in user: role 1 to the board, others to the dashboard, else their first page. */
export function homeFor(role: number | null | undefined): string {
  const r = effectiveRole(role);
  const preferred = r === 1 ? "/das-reports" : "/dashboard";
  if (canOpen(r, preferred)) return preferred;
  return permittedMenu(r)[0]?.items[0]?.href ?? "/account";
}

/** Every menu key a user may switch off: the Settings page lists exactly these. */
export function menuKeys(role: number | null | undefined): string[] {
  return permittedMenu(role).flatMap((g) => [`group:${g.key}`, ...g.items.map((i) => `item:${i.key}`)]);
}

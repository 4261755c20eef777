// Every table, for drizzle-kit and for the typed client. Each domain owns its own schema file; the
// core tables that reference each other share lib/org/schema.ts.
export * from "../org/schema.ts";
export * from "../auth/schema.ts";
export * from "../outbox/schema.ts";
export * from "../settings/schema.ts";
export * from "../history/schema.ts";
export * from "../uploads/schema.ts";
export * from "../shifts/schema.ts";
export * from "../budgets/schema.ts";
export * from "../imports/schema.ts";
export * from "../schedule/schema.ts";
export * from "../fleet-reports/schema.ts";
export * from "../cache/schema.ts";
export * from "../checks/schema.ts";
export * from "../actions/schema.ts";
export * from "../coaching/schema.ts";
export * from "../ikea/schema.ts";
export * from "../falcon/schema.ts";

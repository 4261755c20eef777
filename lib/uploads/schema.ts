import { customType, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { stations, users } from "../org/schema.ts";

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** Uploaded source files are kept, with who uploaded them and when, so that an import can be re-run. */
export const uploads = pgTable(
  "uploads",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull().default("application/octet-stream"),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    stationId: integer("station_id").references(() => stations.id),
    uploadedById: integer("uploaded_by_id").references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    meta: jsonb("meta").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("uploads_kind_idx").on(t.kind, t.uploadedAt), index("uploads_sha_idx").on(t.kind, t.sha256)],
);

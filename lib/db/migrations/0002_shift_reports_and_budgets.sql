CREATE TABLE "shift_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"report_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"van_id" integer,
	"fleet_number" text,
	"cancelled_fleet_size_id" integer,
	"role" integer DEFAULT 0 NOT NULL,
	"role_hours" numeric(5, 2),
	"route" text,
	"wave_time" text,
	"driver_id" integer,
	"second_driver_id" integer,
	"da_status" integer DEFAULT 0 NOT NULL,
	"second_da_status" integer DEFAULT 0 NOT NULL,
	"is_status_published" boolean DEFAULT false NOT NULL,
	"is_second_status_published" boolean DEFAULT false NOT NULL,
	"status_assigned_by_sms" boolean DEFAULT false NOT NULL,
	"rabbit_id" integer,
	"second_rabbit_id" integer,
	"dolly_id" integer,
	"second_dolly_id" integer,
	"returned_rabbit" boolean DEFAULT false NOT NULL,
	"returned_dolly" boolean DEFAULT false NOT NULL,
	"ontime_attendance" boolean DEFAULT false NOT NULL,
	"launchpad_support" boolean DEFAULT false NOT NULL,
	"morning_checklist" boolean DEFAULT false NOT NULL,
	"rescue" boolean DEFAULT false NOT NULL,
	"violation" boolean DEFAULT false NOT NULL,
	"number_of_stops" integer,
	"number_of_packages" integer,
	"actual_end_time" text,
	"rescue_given" integer,
	"rescue_taken" integer,
	"uta" integer,
	"utl" integer,
	"nsl" integer,
	"bc" integer,
	"missing" integer,
	"damage" integer,
	"fdd" integer,
	"missort" integer,
	"oc" integer,
	"others" integer,
	"actual_da" text,
	"first_stop_time" text,
	"planned_end_time" text,
	"version" integer DEFAULT 1 NOT NULL,
	"field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "shift_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"week_number" integer NOT NULL,
	"year" integer NOT NULL,
	"has_second_driver" boolean DEFAULT false NOT NULL,
	"dispatcher_id" integer,
	"support_dispatcher_id" integer,
	"supervisor_id" integer,
	"special_supervisor_id" integer,
	"lead_driver_id" integer,
	"fleet_coordinator_id" integer,
	"created_by_id" integer,
	"edited_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_reports_station_date" UNIQUE("station_id","report_date")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"budget_no_of_routes" integer NOT NULL,
	"budget_no_of_deliveries" integer NOT NULL,
	"budget_no_of_da" integer NOT NULL,
	"budget_no_of_fleet" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_station_month" UNIQUE("station_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_report_id_shift_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."shift_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_van_id_vans_id_fk" FOREIGN KEY ("van_id") REFERENCES "public"."vans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_cancelled_fleet_size_id_fleet_sizes_id_fk" FOREIGN KEY ("cancelled_fleet_size_id") REFERENCES "public"."fleet_sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_second_driver_id_users_id_fk" FOREIGN KEY ("second_driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_rabbit_id_scanners_id_fk" FOREIGN KEY ("rabbit_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_second_rabbit_id_scanners_id_fk" FOREIGN KEY ("second_rabbit_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_dolly_id_scanners_id_fk" FOREIGN KEY ("dolly_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_second_dolly_id_scanners_id_fk" FOREIGN KEY ("second_dolly_id") REFERENCES "public"."scanners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_records" ADD CONSTRAINT "shift_records_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_dispatcher_id_users_id_fk" FOREIGN KEY ("dispatcher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_support_dispatcher_id_users_id_fk" FOREIGN KEY ("support_dispatcher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_special_supervisor_id_users_id_fk" FOREIGN KEY ("special_supervisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_lead_driver_id_users_id_fk" FOREIGN KEY ("lead_driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_fleet_coordinator_id_users_id_fk" FOREIGN KEY ("fleet_coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reports" ADD CONSTRAINT "shift_reports_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shift_records_report_idx" ON "shift_records" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "shift_records_driver_idx" ON "shift_records" USING btree ("driver_id","report_date");--> statement-breakpoint
CREATE UNIQUE INDEX "shift_records_van_per_day" ON "shift_records" USING btree ("report_date","van_id") WHERE "shift_records"."van_id" is not null;--> statement-breakpoint
CREATE INDEX "shift_reports_date_idx" ON "shift_reports" USING btree ("report_date");
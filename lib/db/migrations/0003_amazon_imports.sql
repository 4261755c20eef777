CREATE TABLE "amazon_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slot" text NOT NULL,
	"family" text NOT NULL,
	"file_name" text NOT NULL,
	"upload_id" integer,
	"sha256" text NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"dsp" text,
	"uploaded_by_id" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"replaced_by_id" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "capacity_reliability_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"day" date NOT NULL,
	"capacity_reliability" numeric(6, 2),
	"completed_routes" integer,
	"amazon_paid_cancels" integer,
	"dsp_dropped_routes" integer,
	"reliability_target" numeric(6, 2),
	"route_target" integer,
	"flex_up_route_target" integer,
	"final_scheduled" integer,
	"dsp_available_capacity" integer
);
--> statement-breakpoint
CREATE TABLE "da_weekly_dsb" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"da_name" text,
	"dsb_count" integer,
	"dsb_dpmo" integer,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "da_weekly_performance" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"da_name" text,
	"source" text NOT NULL,
	"overall_standing" text,
	"overall_score" numeric(6, 2),
	"packages_delivered" integer,
	"metrics" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "da_weekly_quality" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"da_name" text,
	"metric" text NOT NULL,
	"value" numeric(6, 2),
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_concessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"da_name" text,
	"tracking_id" text NOT NULL,
	"impacts_dsb" boolean NOT NULL,
	"delivery_type" text,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pickup_date" date,
	"delivery_attempt_date" date,
	"delivery_date" date,
	"concession_date" date,
	"service_area" text,
	"dsp" text
);
--> statement-breakpoint
CREATE TABLE "dsp_weekly_scorecards" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"dsp" text,
	"overall_score" numeric(6, 2),
	"overall_tier" text,
	"rank" integer,
	"rank_change" integer,
	"metrics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"focus_areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"generation" text,
	"layout" text
);
--> statement-breakpoint
CREATE TABLE "transporter_aliases" (
	"transporter_id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whc_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"da_name" text,
	"source" text NOT NULL,
	"daily_limit_exceeded" integer,
	"weekly_limit_exceeded" integer,
	"under_off_work_limit" integer,
	"work_day_limit_exceeded" integer,
	"wh_exception" integer
);
--> statement-breakpoint
ALTER TABLE "amazon_imports" ADD CONSTRAINT "amazon_imports_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_imports" ADD CONSTRAINT "amazon_imports_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "amazon_imports" ADD CONSTRAINT "amazon_imports_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_reliability_days" ADD CONSTRAINT "capacity_reliability_days_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capacity_reliability_days" ADD CONSTRAINT "capacity_reliability_days_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_dsb" ADD CONSTRAINT "da_weekly_dsb_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_dsb" ADD CONSTRAINT "da_weekly_dsb_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_performance" ADD CONSTRAINT "da_weekly_performance_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_performance" ADD CONSTRAINT "da_weekly_performance_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_quality" ADD CONSTRAINT "da_weekly_quality_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "da_weekly_quality" ADD CONSTRAINT "da_weekly_quality_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_concessions" ADD CONSTRAINT "delivery_concessions_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_concessions" ADD CONSTRAINT "delivery_concessions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_weekly_scorecards" ADD CONSTRAINT "dsp_weekly_scorecards_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_weekly_scorecards" ADD CONSTRAINT "dsp_weekly_scorecards_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_aliases" ADD CONSTRAINT "transporter_aliases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transporter_aliases" ADD CONSTRAINT "transporter_aliases_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whc_exceptions" ADD CONSTRAINT "whc_exceptions_import_id_amazon_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."amazon_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whc_exceptions" ADD CONSTRAINT "whc_exceptions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "amazon_imports_active_slot" ON "amazon_imports" USING btree ("slot","station_id","week") WHERE "amazon_imports"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "amazon_imports_family_idx" ON "amazon_imports" USING btree ("family","uploaded_at");--> statement-breakpoint
CREATE INDEX "amazon_imports_sha_idx" ON "amazon_imports" USING btree ("sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "capacity_reliability_station_day" ON "capacity_reliability_days" USING btree ("station_id","day");--> statement-breakpoint
CREATE INDEX "capacity_reliability_import" ON "capacity_reliability_days" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "da_weekly_dsb_station_week" ON "da_weekly_dsb" USING btree ("station_id","week");--> statement-breakpoint
CREATE INDEX "da_weekly_dsb_tid" ON "da_weekly_dsb" USING btree ("transporter_id","week");--> statement-breakpoint
CREATE INDEX "da_weekly_dsb_import" ON "da_weekly_dsb" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "da_weekly_performance_station_week" ON "da_weekly_performance" USING btree ("station_id","week");--> statement-breakpoint
CREATE INDEX "da_weekly_performance_tid" ON "da_weekly_performance" USING btree ("transporter_id","week");--> statement-breakpoint
CREATE INDEX "da_weekly_performance_import" ON "da_weekly_performance" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "da_weekly_quality_station_week" ON "da_weekly_quality" USING btree ("station_id","week","metric");--> statement-breakpoint
CREATE INDEX "da_weekly_quality_import" ON "da_weekly_quality" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "delivery_concessions_station_week" ON "delivery_concessions" USING btree ("station_id","week");--> statement-breakpoint
CREATE INDEX "delivery_concessions_import" ON "delivery_concessions" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "dsp_weekly_scorecards_station_week" ON "dsp_weekly_scorecards" USING btree ("station_id","week");--> statement-breakpoint
CREATE INDEX "whc_exceptions_station_week" ON "whc_exceptions" USING btree ("station_id","week");--> statement-breakpoint
CREATE INDEX "whc_exceptions_import" ON "whc_exceptions" USING btree ("import_id");
CREATE TABLE "schedule_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_date" date NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"role" integer,
	"role_hours" numeric(5, 2) DEFAULT '0' NOT NULL,
	"is_available" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"shift_start_time" time,
	"helper_of_id" integer,
	"created_by_id" integer,
	"edited_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_reports_user_date" UNIQUE("user_id","schedule_date")
);
--> statement-breakpoint
CREATE TABLE "schedule_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"station_id" integer,
	"week_start" date NOT NULL,
	"kind" text NOT NULL,
	"sent_by_id" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "van_actual_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"van_id" integer NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"invoice_cents" integer NOT NULL,
	"edited_by_id" integer,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "van_actual_invoices_van_month" UNIQUE("van_id","year","month")
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "pay_rate_per_hour_cents" integer;--> statement-breakpoint
ALTER TABLE "schedule_reports" ADD CONSTRAINT "schedule_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reports" ADD CONSTRAINT "schedule_reports_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reports" ADD CONSTRAINT "schedule_reports_helper_of_id_users_id_fk" FOREIGN KEY ("helper_of_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reports" ADD CONSTRAINT "schedule_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_reports" ADD CONSTRAINT "schedule_reports_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_requests" ADD CONSTRAINT "schedule_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_requests" ADD CONSTRAINT "schedule_requests_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_requests" ADD CONSTRAINT "schedule_requests_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_actual_invoices" ADD CONSTRAINT "van_actual_invoices_van_id_vans_id_fk" FOREIGN KEY ("van_id") REFERENCES "public"."vans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "van_actual_invoices" ADD CONSTRAINT "van_actual_invoices_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_reports_station_date_idx" ON "schedule_reports" USING btree ("station_id","schedule_date");--> statement-breakpoint
CREATE INDEX "schedule_requests_week_idx" ON "schedule_requests" USING btree ("week_start","user_id");
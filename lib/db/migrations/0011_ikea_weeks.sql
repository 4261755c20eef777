CREATE TABLE "ikea_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"ikea_week_id" integer NOT NULL,
	"date" date NOT NULL,
	"dcr" double precision,
	"dcr_da_off_target" integer,
	"oa" double precision,
	"oa_da_off_target" integer,
	"mc" double precision,
	"mc_da_off_target" integer,
	"edited_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "ikea_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week_number" integer NOT NULL,
	"week_start" date NOT NULL,
	"targets" jsonb NOT NULL,
	"dcr" double precision,
	"dcr_da_off_target" integer,
	"oa" double precision,
	"oa_da_off_target" integer,
	"mc" double precision,
	"mc_da_off_target" integer,
	"infraction" integer,
	"reliability_score" integer,
	"tenured_da" integer,
	"employee_satisfaction_survey" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "ikea_days" ADD CONSTRAINT "ikea_days_ikea_week_id_ikea_weeks_id_fk" FOREIGN KEY ("ikea_week_id") REFERENCES "public"."ikea_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ikea_days" ADD CONSTRAINT "ikea_days_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ikea_weeks" ADD CONSTRAINT "ikea_weeks_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ikea_weeks" ADD CONSTRAINT "ikea_weeks_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ikea_days_week_date" ON "ikea_days" USING btree ("ikea_week_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "ikea_weeks_station_week" ON "ikea_weeks" USING btree ("station_id","year","week_number");
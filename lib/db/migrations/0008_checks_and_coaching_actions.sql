CREATE TABLE "check_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"check_week_id" integer NOT NULL,
	"date" date NOT NULL,
	"built" jsonb NOT NULL,
	"dsb" integer,
	"violation" integer,
	"edited_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "check_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"year" integer NOT NULL,
	"week_number" integer NOT NULL,
	"week_start" date NOT NULL,
	"targets" jsonb NOT NULL,
	"built" jsonb NOT NULL,
	"whc_da_off_target" integer,
	"employee_satisfaction" integer,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_by_id" integer
);
--> statement-breakpoint
CREATE TABLE "coaching_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"check_week_id" integer,
	"year" integer NOT NULL,
	"week_number" integer NOT NULL,
	"action_date" date NOT NULL,
	"off_target_area" text NOT NULL,
	"action" integer DEFAULT 1 NOT NULL,
	"driver_id" integer,
	"transporter_id" text NOT NULL,
	"driver_name" text NOT NULL,
	"owner_id" integer,
	"due_date" date,
	"status" integer DEFAULT 3 NOT NULL,
	"coaching_count" integer DEFAULT 0 NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "check_days" ADD CONSTRAINT "check_days_check_week_id_check_weeks_id_fk" FOREIGN KEY ("check_week_id") REFERENCES "public"."check_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_days" ADD CONSTRAINT "check_days_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_weeks" ADD CONSTRAINT "check_weeks_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_weeks" ADD CONSTRAINT "check_weeks_edited_by_id_users_id_fk" FOREIGN KEY ("edited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_check_week_id_check_weeks_id_fk" FOREIGN KEY ("check_week_id") REFERENCES "public"."check_weeks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "check_days_week_date" ON "check_days" USING btree ("check_week_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "check_weeks_station_week" ON "check_weeks" USING btree ("station_id","year","week_number");--> statement-breakpoint
CREATE INDEX "check_weeks_station_start" ON "check_weeks" USING btree ("station_id","week_start");--> statement-breakpoint
CREATE INDEX "coaching_actions_station_week" ON "coaching_actions" USING btree ("station_id","year","week_number");--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_actions_once" ON "coaching_actions" USING btree ("check_week_id","off_target_area","transporter_id") WHERE "coaching_actions"."check_week_id" is not null;
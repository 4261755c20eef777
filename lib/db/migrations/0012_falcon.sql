CREATE TABLE "falcon_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"report_comment" text DEFAULT '' NOT NULL,
	"is_match" integer DEFAULT 0 NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "falcon_comments_station_date" UNIQUE("station_id","report_date"),
	CONSTRAINT "falcon_comments_is_match" CHECK ("falcon_comments"."is_match" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "falcon_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"report_date" date NOT NULL,
	"number_of_routes" integer NOT NULL,
	"updated_by_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "falcon_plans_station_date" UNIQUE("station_id","report_date"),
	CONSTRAINT "falcon_plans_routes" CHECK ("falcon_plans"."number_of_routes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "falcon_comments" ADD CONSTRAINT "falcon_comments_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falcon_comments" ADD CONSTRAINT "falcon_comments_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falcon_plans" ADD CONSTRAINT "falcon_plans_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "falcon_plans" ADD CONSTRAINT "falcon_plans_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
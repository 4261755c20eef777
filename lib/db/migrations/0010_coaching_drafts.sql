CREATE TABLE "coaching_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"week" text NOT NULL,
	"transporter_id" text NOT NULL,
	"driver_id" integer,
	"driver_name" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"measures" jsonb NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "coaching_drafts" ADD CONSTRAINT "coaching_drafts_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_drafts" ADD CONSTRAINT "coaching_drafts_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_drafts" ADD CONSTRAINT "coaching_drafts_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_drafts_once" ON "coaching_drafts" USING btree ("station_id","week","transporter_id");--> statement-breakpoint
CREATE INDEX "coaching_drafts_week" ON "coaching_drafts" USING btree ("station_id","week");
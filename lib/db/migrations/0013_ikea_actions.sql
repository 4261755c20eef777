DROP INDEX "coaching_actions_station_week";--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD COLUMN "customer" text DEFAULT 'amzn' NOT NULL;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD COLUMN "ikea_week_id" integer;--> statement-breakpoint
ALTER TABLE "coaching_actions" ADD CONSTRAINT "coaching_actions_ikea_week_id_ikea_weeks_id_fk" FOREIGN KEY ("ikea_week_id") REFERENCES "public"."ikea_weeks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coaching_actions_ikea_once" ON "coaching_actions" USING btree ("ikea_week_id","off_target_area","driver_id") WHERE "coaching_actions"."ikea_week_id" is not null;--> statement-breakpoint
CREATE INDEX "coaching_actions_station_week" ON "coaching_actions" USING btree ("station_id","customer","year","week_number");
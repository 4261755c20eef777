ALTER TABLE "outbox" ADD COLUMN "direction" text DEFAULT 'out' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "da_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_da_id_users_id_fk" FOREIGN KEY ("da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_da_idx" ON "outbox" USING btree ("da_id","id");--> statement-breakpoint
-- Notify's messages already name their DA in meta.driver_id: file them under that DA (hand-written).
UPDATE "outbox" o SET "da_id" = (o."meta"->>'driver_id')::int
WHERE o."meta" ? 'driver_id' AND (o."meta"->>'driver_id') ~ '^[0-9]+$'
  AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = (o."meta"->>'driver_id')::int);

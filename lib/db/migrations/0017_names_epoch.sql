-- The tracker's plain write (issue 15) answers the row with its DA, van and scanner names as this server
-- last read them, instead of joining eleven tables again: the joins were a fifth of the write's time in
-- PostgreSQL. Those names can change without the row changing, so every change to them moves one epoch,
-- which the write reads back: a different epoch than the names were read under makes the server read the
-- row afresh. Statement-level (UPDATE OF those columns): a roster import moves it once, and an update that
-- leaves the names as they were only costs one re-read. Van groups and fleet sizes are org reference
-- data: the org epoch (0006) already moves with them.
INSERT INTO "cache_epochs" ("key", "epoch") VALUES ('names', 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION dsp_bump_names_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_epochs SET epoch = epoch + 1 WHERE key = 'names';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_names_epoch AFTER UPDATE OF first_name, last_name, badge, transporter_id ON users FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_names_epoch();
--> statement-breakpoint
CREATE TRIGGER vans_names_epoch AFTER UPDATE OF number, fleet_size_id, van_group_id ON vans FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_names_epoch();
--> statement-breakpoint
CREATE TRIGGER scanners_names_epoch AFTER UPDATE OF serial_number ON scanners FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_names_epoch();

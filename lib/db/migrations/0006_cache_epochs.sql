CREATE TABLE "cache_epochs" (
	"key" text PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_epochs" ("key", "epoch") VALUES ('org', 0);
--> statement-breakpoint
-- Org-wide reference data: one bump per statement (a roster import writes many rows in one go).
CREATE FUNCTION dsp_bump_org_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_epochs SET epoch = epoch + 1 WHERE key = 'org';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stations_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stations FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE TRIGGER agencies_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON agencies FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE TRIGGER fleet_groups_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fleet_groups FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE TRIGGER van_groups_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON van_groups FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE TRIGGER fleet_sizes_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fleet_sizes FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE TRIGGER org_settings_cache_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON org_settings FOR EACH STATEMENT EXECUTE FUNCTION dsp_bump_org_epoch();
--> statement-breakpoint
CREATE FUNCTION dsp_bump_user_epoch(uid integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO cache_epochs (key, epoch) VALUES ('user:' || uid, 1)
  ON CONFLICT (key) DO UPDATE SET epoch = cache_epochs.epoch + 1
$$;
--> statement-breakpoint
-- A user's spots and menu settings: the rows name the user.
CREATE FUNCTION dsp_user_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dsp_bump_user_epoch(OLD.user_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM dsp_bump_user_epoch(NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER station_spots_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON station_spots FOR EACH ROW EXECUTE FUNCTION dsp_user_rows_changed();
--> statement-breakpoint
CREATE TRIGGER nav_settings_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON nav_settings FOR EACH ROW EXECUTE FUNCTION dsp_user_rows_changed();
--> statement-breakpoint
-- A spot's fleet groups: the spot names the user (a spot deleted with them is bumped by its own trigger).
CREATE FUNCTION dsp_spot_fleet_groups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dsp_bump_user_epoch(s.user_id) FROM station_spots s WHERE s.id = OLD.spot_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dsp_bump_user_epoch(s.user_id) FROM station_spots s WHERE s.id = NEW.spot_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER station_spot_fleet_groups_cache_epoch AFTER INSERT OR UPDATE OR DELETE ON station_spot_fleet_groups FOR EACH ROW EXECUTE FUNCTION dsp_spot_fleet_groups_changed();

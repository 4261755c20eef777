-- shift_report_totals carries its report's station and date (issue 13: a year's dashboard read 220k totals
-- rows through a join to shift_reports, 316 ms at 50 stations x 3 years against a 300 ms goal). A report's
-- station and date never change, so a row-level trigger copies them when a totals row is made; the
-- statement-level triggers of 0014 stay as they are.
ALTER TABLE "shift_report_totals" ADD COLUMN "station_id" integer;--> statement-breakpoint
ALTER TABLE "shift_report_totals" ADD COLUMN "report_date" date;--> statement-breakpoint
UPDATE "shift_report_totals" t SET "station_id" = r."station_id", "report_date" = r."report_date"
  FROM "shift_reports" r WHERE r."id" = t."report_id";--> statement-breakpoint
ALTER TABLE "shift_report_totals" ALTER COLUMN "station_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_report_totals" ALTER COLUMN "report_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "shift_report_totals_station_date_idx" ON "shift_report_totals" USING btree ("station_id","report_date");--> statement-breakpoint
-- Fires for the INSERT ... ON CONFLICT of the 0014 triggers too (before the conflict is known): one primary
-- key lookup per report and role a statement touches.
CREATE FUNCTION dsp_shift_totals_place() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.station_id, r.report_date INTO NEW.station_id, NEW.report_date FROM shift_reports r WHERE r.id = NEW.report_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER shift_report_totals_place BEFORE INSERT ON shift_report_totals
  FOR EACH ROW EXECUTE FUNCTION dsp_shift_totals_place();

CREATE TABLE "shift_report_totals" (
	"report_id" integer NOT NULL,
	"role" integer NOT NULL,
	"records" integer DEFAULT 0 NOT NULL,
	"packages" integer DEFAULT 0 NOT NULL,
	"uta" integer DEFAULT 0 NOT NULL,
	"utl" integer DEFAULT 0 NOT NULL,
	"nsl" integer DEFAULT 0 NOT NULL,
	"bc" integer DEFAULT 0 NOT NULL,
	"missing" integer DEFAULT 0 NOT NULL,
	"damage" integer DEFAULT 0 NOT NULL,
	"fdd" integer DEFAULT 0 NOT NULL,
	"missort" integer DEFAULT 0 NOT NULL,
	"oc" integer DEFAULT 0 NOT NULL,
	"others" integer DEFAULT 0 NOT NULL,
	"rabbits" integer DEFAULT 0 NOT NULL,
	"rabbits_back" integer DEFAULT 0 NOT NULL,
	"dollies" integer DEFAULT 0 NOT NULL,
	"dollies_back" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shift_report_totals_report_id_role_pk" PRIMARY KEY("report_id","role")
);
--> statement-breakpoint
ALTER TABLE "shift_report_totals" ADD CONSTRAINT "shift_report_totals_report_id_shift_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."shift_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shift_records_missing_idx" ON "shift_records" USING btree ("report_date") WHERE "shift_records"."missing" > 0;--> statement-breakpoint
-- shift_report_totals is kept exact by statement-level triggers on shift_records (issue 13): each statement
-- adds its new rows and subtracts its old ones, grouped by report and role, in one statement however many
-- records it wrote. A delete only subtracts (UPDATE, never INSERT): when a report is deleted, the cascade
-- has already removed its totals row, and inserting one back would break the foreign key. Rows that reach
-- zero stay (readers skip records = 0): removing them would cost every delete a second statement.
CREATE FUNCTION dsp_shift_totals_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shift_report_totals AS t (report_id, role, records, packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbits, rabbits_back, dollies, dollies_back)
  SELECT n.report_id,
    n.role,
    count(*),
    coalesce(sum(n.number_of_packages), 0),
    coalesce(sum(n.uta), 0),
    coalesce(sum(n.utl), 0),
    coalesce(sum(n.nsl), 0),
    coalesce(sum(n.bc), 0),
    coalesce(sum(n.missing), 0),
    coalesce(sum(n.damage), 0),
    coalesce(sum(n.fdd), 0),
    coalesce(sum(n.missort), 0),
    coalesce(sum(n.oc), 0),
    coalesce(sum(n.others), 0),
    coalesce(sum(((n.rabbit_id is not null)::int + (n.second_rabbit_id is not null)::int)), 0),
    coalesce(sum(((n.rabbit_id is not null)::int + (n.second_rabbit_id is not null)::int)) filter (where n.returned_rabbit), 0),
    coalesce(sum(((n.dolly_id is not null)::int + (n.second_dolly_id is not null)::int)), 0),
    coalesce(sum(((n.dolly_id is not null)::int + (n.second_dolly_id is not null)::int)) filter (where n.returned_dolly), 0)
  FROM new_rows n GROUP BY n.report_id, n.role
  ON CONFLICT (report_id, role) DO UPDATE SET records = t.records + excluded.records,
    packages = t.packages + excluded.packages,
    uta = t.uta + excluded.uta,
    utl = t.utl + excluded.utl,
    nsl = t.nsl + excluded.nsl,
    bc = t.bc + excluded.bc,
    missing = t.missing + excluded.missing,
    damage = t.damage + excluded.damage,
    fdd = t.fdd + excluded.fdd,
    missort = t.missort + excluded.missort,
    oc = t.oc + excluded.oc,
    others = t.others + excluded.others,
    rabbits = t.rabbits + excluded.rabbits,
    rabbits_back = t.rabbits_back + excluded.rabbits_back,
    dollies = t.dollies + excluded.dollies,
    dollies_back = t.dollies_back + excluded.dollies_back;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update adds (new - old) per report and role: the old rows counted -1, the new +1, one grouping (no
-- join between the two, which has no index to use). A group whose differences are all zero (most tracker
-- edits: driver, statuses, times) writes, and locks, no totals row: editors of one report do not queue on it.
CREATE FUNCTION dsp_shift_totals_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO shift_report_totals AS t (report_id, role, records, packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbits, rabbits_back, dollies, dollies_back)
  SELECT d.* FROM (
    SELECT x.report_id AS report_id,
      x.role AS role,
      sum(x.s) AS records,
      coalesce(sum(x.s * x.number_of_packages), 0) AS packages,
      coalesce(sum(x.s * x.uta), 0) AS uta,
      coalesce(sum(x.s * x.utl), 0) AS utl,
      coalesce(sum(x.s * x.nsl), 0) AS nsl,
      coalesce(sum(x.s * x.bc), 0) AS bc,
      coalesce(sum(x.s * x.missing), 0) AS missing,
      coalesce(sum(x.s * x.damage), 0) AS damage,
      coalesce(sum(x.s * x.fdd), 0) AS fdd,
      coalesce(sum(x.s * x.missort), 0) AS missort,
      coalesce(sum(x.s * x.oc), 0) AS oc,
      coalesce(sum(x.s * x.others), 0) AS others,
      coalesce(sum(x.s * ((x.rabbit_id is not null)::int + (x.second_rabbit_id is not null)::int)), 0) AS rabbits,
      coalesce(sum(x.s * ((x.rabbit_id is not null)::int + (x.second_rabbit_id is not null)::int)) filter (where x.returned_rabbit), 0) AS rabbits_back,
      coalesce(sum(x.s * ((x.dolly_id is not null)::int + (x.second_dolly_id is not null)::int)), 0) AS dollies,
      coalesce(sum(x.s * ((x.dolly_id is not null)::int + (x.second_dolly_id is not null)::int)) filter (where x.returned_dolly), 0) AS dollies_back
    FROM (SELECT -1 AS s, report_id, role, number_of_packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbit_id, second_rabbit_id, dolly_id, second_dolly_id, returned_rabbit, returned_dolly FROM old_rows
      UNION ALL SELECT 1, report_id, role, number_of_packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbit_id, second_rabbit_id, dolly_id, second_dolly_id, returned_rabbit, returned_dolly FROM new_rows) x
    GROUP BY x.report_id, x.role
  ) d
  WHERE (d.records, d.packages, d.uta, d.utl, d.nsl, d.bc, d.missing, d.damage, d.fdd, d.missort, d.oc, d.others, d.rabbits, d.rabbits_back, d.dollies, d.dollies_back)
    <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
  ON CONFLICT (report_id, role) DO UPDATE SET records = t.records + excluded.records,
    packages = t.packages + excluded.packages,
    uta = t.uta + excluded.uta,
    utl = t.utl + excluded.utl,
    nsl = t.nsl + excluded.nsl,
    bc = t.bc + excluded.bc,
    missing = t.missing + excluded.missing,
    damage = t.damage + excluded.damage,
    fdd = t.fdd + excluded.fdd,
    missort = t.missort + excluded.missort,
    oc = t.oc + excluded.oc,
    others = t.others + excluded.others,
    rabbits = t.rabbits + excluded.rabbits,
    rabbits_back = t.rabbits_back + excluded.rabbits_back,
    dollies = t.dollies + excluded.dollies,
    dollies_back = t.dollies_back + excluded.dollies_back;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dsp_shift_totals_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shift_report_totals t SET records = t.records - o.records,
    packages = t.packages - o.packages,
    uta = t.uta - o.uta,
    utl = t.utl - o.utl,
    nsl = t.nsl - o.nsl,
    bc = t.bc - o.bc,
    missing = t.missing - o.missing,
    damage = t.damage - o.damage,
    fdd = t.fdd - o.fdd,
    missort = t.missort - o.missort,
    oc = t.oc - o.oc,
    others = t.others - o.others,
    rabbits = t.rabbits - o.rabbits,
    rabbits_back = t.rabbits_back - o.rabbits_back,
    dollies = t.dollies - o.dollies,
    dollies_back = t.dollies_back - o.dollies_back
  FROM (SELECT d.report_id AS report_id,
    d.role AS role,
    count(*) AS records,
    coalesce(sum(d.number_of_packages), 0) AS packages,
    coalesce(sum(d.uta), 0) AS uta,
    coalesce(sum(d.utl), 0) AS utl,
    coalesce(sum(d.nsl), 0) AS nsl,
    coalesce(sum(d.bc), 0) AS bc,
    coalesce(sum(d.missing), 0) AS missing,
    coalesce(sum(d.damage), 0) AS damage,
    coalesce(sum(d.fdd), 0) AS fdd,
    coalesce(sum(d.missort), 0) AS missort,
    coalesce(sum(d.oc), 0) AS oc,
    coalesce(sum(d.others), 0) AS others,
    coalesce(sum(((d.rabbit_id is not null)::int + (d.second_rabbit_id is not null)::int)), 0) AS rabbits,
    coalesce(sum(((d.rabbit_id is not null)::int + (d.second_rabbit_id is not null)::int)) filter (where d.returned_rabbit), 0) AS rabbits_back,
    coalesce(sum(((d.dolly_id is not null)::int + (d.second_dolly_id is not null)::int)), 0) AS dollies,
    coalesce(sum(((d.dolly_id is not null)::int + (d.second_dolly_id is not null)::int)) filter (where d.returned_dolly), 0) AS dollies_back
    FROM old_rows d GROUP BY d.report_id, d.role) o
  WHERE t.report_id = o.report_id AND t.role = o.role;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dsp_shift_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM shift_report_totals;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER shift_records_totals_insert AFTER INSERT ON shift_records REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dsp_shift_totals_insert();
--> statement-breakpoint
CREATE TRIGGER shift_records_totals_update AFTER UPDATE ON shift_records REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dsp_shift_totals_update();
--> statement-breakpoint
CREATE TRIGGER shift_records_totals_delete AFTER DELETE ON shift_records REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dsp_shift_totals_delete();
--> statement-breakpoint
CREATE TRIGGER shift_records_totals_truncate AFTER TRUNCATE ON shift_records FOR EACH STATEMENT EXECUTE FUNCTION dsp_shift_totals_truncate();
--> statement-breakpoint
-- The records already there.
INSERT INTO shift_report_totals (report_id, role, records, packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbits, rabbits_back, dollies, dollies_back)
SELECT r.report_id,
    r.role,
    count(*),
    coalesce(sum(r.number_of_packages), 0),
    coalesce(sum(r.uta), 0),
    coalesce(sum(r.utl), 0),
    coalesce(sum(r.nsl), 0),
    coalesce(sum(r.bc), 0),
    coalesce(sum(r.missing), 0),
    coalesce(sum(r.damage), 0),
    coalesce(sum(r.fdd), 0),
    coalesce(sum(r.missort), 0),
    coalesce(sum(r.oc), 0),
    coalesce(sum(r.others), 0),
    coalesce(sum(((r.rabbit_id is not null)::int + (r.second_rabbit_id is not null)::int)), 0),
    coalesce(sum(((r.rabbit_id is not null)::int + (r.second_rabbit_id is not null)::int)) filter (where r.returned_rabbit), 0),
    coalesce(sum(((r.dolly_id is not null)::int + (r.second_dolly_id is not null)::int)), 0),
    coalesce(sum(((r.dolly_id is not null)::int + (r.second_dolly_id is not null)::int)) filter (where r.returned_dolly), 0)
FROM shift_records r GROUP BY r.report_id, r.role;

-- A tracker edit is one row, and most change no counted column (issue 15): the statement-level update
-- trigger of 0014 captured every updated row into transition tables and ran a grouping query for each
-- statement, about a third of a cell edit's time in PostgreSQL. A row-level trigger with a WHEN clause is
-- not called at all for a change that moves no total (the clause is checked without calling PL/pgSQL), and
-- applies (new - old) to one totals row when it does. Inserts, deletes and truncates keep their
-- statement-level triggers (imports and copies add many rows at once).
DROP TRIGGER shift_records_totals_update ON shift_records;--> statement-breakpoint
DROP FUNCTION dsp_shift_totals_update();--> statement-breakpoint
CREATE FUNCTION dsp_shift_totals_update_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_rabbits int := (OLD.rabbit_id IS NOT NULL)::int + (OLD.second_rabbit_id IS NOT NULL)::int;
  new_rabbits int := (NEW.rabbit_id IS NOT NULL)::int + (NEW.second_rabbit_id IS NOT NULL)::int;
  old_dollies int := (OLD.dolly_id IS NOT NULL)::int + (OLD.second_dolly_id IS NOT NULL)::int;
  new_dollies int := (NEW.dolly_id IS NOT NULL)::int + (NEW.second_dolly_id IS NOT NULL)::int;
  old_rabbits_back int := CASE WHEN OLD.returned_rabbit THEN old_rabbits ELSE 0 END;
  new_rabbits_back int := CASE WHEN NEW.returned_rabbit THEN new_rabbits ELSE 0 END;
  old_dollies_back int := CASE WHEN OLD.returned_dolly THEN old_dollies ELSE 0 END;
  new_dollies_back int := CASE WHEN NEW.returned_dolly THEN new_dollies ELSE 0 END;
BEGIN
  IF OLD.report_id = NEW.report_id AND OLD.role = NEW.role THEN
    UPDATE shift_report_totals t SET packages = t.packages + coalesce(NEW.number_of_packages, 0) - coalesce(OLD.number_of_packages, 0),
      uta = t.uta + coalesce(NEW.uta, 0) - coalesce(OLD.uta, 0),
      utl = t.utl + coalesce(NEW.utl, 0) - coalesce(OLD.utl, 0),
      nsl = t.nsl + coalesce(NEW.nsl, 0) - coalesce(OLD.nsl, 0),
      bc = t.bc + coalesce(NEW.bc, 0) - coalesce(OLD.bc, 0),
      missing = t.missing + coalesce(NEW.missing, 0) - coalesce(OLD.missing, 0),
      damage = t.damage + coalesce(NEW.damage, 0) - coalesce(OLD.damage, 0),
      fdd = t.fdd + coalesce(NEW.fdd, 0) - coalesce(OLD.fdd, 0),
      missort = t.missort + coalesce(NEW.missort, 0) - coalesce(OLD.missort, 0),
      oc = t.oc + coalesce(NEW.oc, 0) - coalesce(OLD.oc, 0),
      others = t.others + coalesce(NEW.others, 0) - coalesce(OLD.others, 0),
      rabbits = t.rabbits + new_rabbits - old_rabbits,
      rabbits_back = t.rabbits_back + new_rabbits_back - old_rabbits_back,
      dollies = t.dollies + new_dollies - old_dollies,
      dollies_back = t.dollies_back + new_dollies_back - old_dollies_back
    WHERE t.report_id = NEW.report_id AND t.role = NEW.role;
    IF FOUND THEN RETURN NULL; END IF;
  END IF;
  -- Another report or role: the row leaves its old totals (made when it was inserted) for the new ones.
  -- (Or, same key, a totals row that is missing: it is made below from this row alone, as an insert would.)
  IF OLD.report_id <> NEW.report_id OR OLD.role <> NEW.role THEN
    UPDATE shift_report_totals t SET records = t.records - 1,
      packages = t.packages - coalesce(OLD.number_of_packages, 0),
      uta = t.uta - coalesce(OLD.uta, 0),
      utl = t.utl - coalesce(OLD.utl, 0),
      nsl = t.nsl - coalesce(OLD.nsl, 0),
      bc = t.bc - coalesce(OLD.bc, 0),
      missing = t.missing - coalesce(OLD.missing, 0),
      damage = t.damage - coalesce(OLD.damage, 0),
      fdd = t.fdd - coalesce(OLD.fdd, 0),
      missort = t.missort - coalesce(OLD.missort, 0),
      oc = t.oc - coalesce(OLD.oc, 0),
      others = t.others - coalesce(OLD.others, 0),
      rabbits = t.rabbits - old_rabbits,
      rabbits_back = t.rabbits_back - old_rabbits_back,
      dollies = t.dollies - old_dollies,
      dollies_back = t.dollies_back - old_dollies_back
    WHERE t.report_id = OLD.report_id AND t.role = OLD.role;
  END IF;
  INSERT INTO shift_report_totals AS t (report_id, role, records, packages, uta, utl, nsl, bc, missing, damage, fdd, missort, oc, others, rabbits, rabbits_back, dollies, dollies_back)
  VALUES (NEW.report_id, NEW.role, 1, coalesce(NEW.number_of_packages, 0), coalesce(NEW.uta, 0), coalesce(NEW.utl, 0), coalesce(NEW.nsl, 0), coalesce(NEW.bc, 0), coalesce(NEW.missing, 0), coalesce(NEW.damage, 0), coalesce(NEW.fdd, 0), coalesce(NEW.missort, 0), coalesce(NEW.oc, 0), coalesce(NEW.others, 0), new_rabbits, new_rabbits_back, new_dollies, new_dollies_back)
  ON CONFLICT (report_id, role) DO UPDATE SET records = t.records + 1,
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
CREATE TRIGGER shift_records_totals_update AFTER UPDATE ON shift_records FOR EACH ROW
  WHEN ((OLD.report_id, OLD.role, OLD.number_of_packages, OLD.uta, OLD.utl, OLD.nsl, OLD.bc, OLD.missing, OLD.damage, OLD.fdd, OLD.missort, OLD.oc, OLD.others, OLD.rabbit_id IS NULL, OLD.second_rabbit_id IS NULL, OLD.dolly_id IS NULL, OLD.second_dolly_id IS NULL, OLD.returned_rabbit, OLD.returned_dolly) IS DISTINCT FROM
    (NEW.report_id, NEW.role, NEW.number_of_packages, NEW.uta, NEW.utl, NEW.nsl, NEW.bc, NEW.missing, NEW.damage, NEW.fdd, NEW.missort, NEW.oc, NEW.others, NEW.rabbit_id IS NULL, NEW.second_rabbit_id IS NULL, NEW.dolly_id IS NULL, NEW.second_dolly_id IS NULL, NEW.returned_rabbit, NEW.returned_dolly))
  EXECUTE FUNCTION dsp_shift_totals_update_row();

-- attendance_tallies (0007) kept exact by triggers: for every student and lecture key, the marks in
-- held sessions, of which present (not excused) and excused. docs/decisions/record-0003-trigger-kept-tallies.md.
-- The definitions mirror domain/attendance-record (tallies.ts heldQueries, audience.ts instantLectureKey):
--   held         started_at is not null and status <> 'pre'
--   lecture key  a timetable lecture's id, or minus the instant lecture's id
--   present      is_present and no excuse;  excused  an excuse, whatever is_present says
-- A test compares the tally with the marks grouped afresh after random writes of every kind.

-- One change to a tally: a mark of a student in a lecture counted in (+1) or out (-1).
CREATE TYPE attendance_tally_change AS (student_id integer, lecture_key integer, present boolean, excused boolean, sign integer);
--> statement-breakpoint
-- One change to a mark before its session is known: the session resolves the lecture and whether it counts.
CREATE TYPE attendance_mark_change AS (session_id integer, student_id integer, present boolean, excused boolean, sign integer);
--> statement-breakpoint
-- Applies changes, grouped per student and lecture, in key order (concurrent writers lock tally rows
-- in the same order: no deadlock). The upsert adds to the row another transaction may be adding to
-- at the same moment; a row left with no marks is removed, so the table equals a fresh grouping.
CREATE FUNCTION attendance_tallies_apply(changes attendance_tally_change[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  emptied_students integer[];
  emptied_keys integer[];
BEGIN
  WITH applied AS (
    INSERT INTO attendance_tallies AS t (student_id, lecture_key, marks, present, excused)
    SELECT c.student_id, c.lecture_key, sum(c.sign)::integer,
      coalesce(sum(c.sign) FILTER (WHERE c.present), 0)::integer,
      coalesce(sum(c.sign) FILTER (WHERE c.excused), 0)::integer
    FROM unnest(changes) c
    GROUP BY c.student_id, c.lecture_key
    HAVING sum(c.sign) <> 0 OR coalesce(sum(c.sign) FILTER (WHERE c.present), 0) <> 0
      OR coalesce(sum(c.sign) FILTER (WHERE c.excused), 0) <> 0
    ORDER BY c.student_id, c.lecture_key
    ON CONFLICT (student_id, lecture_key) DO UPDATE
      SET marks = t.marks + excluded.marks, present = t.present + excluded.present,
        excused = t.excused + excluded.excused
    RETURNING t.student_id, t.lecture_key, t.marks
  )
  SELECT array_agg(student_id), array_agg(lecture_key) INTO emptied_students, emptied_keys
  FROM applied WHERE marks = 0;
  IF emptied_students IS NOT NULL THEN
    DELETE FROM attendance_tallies t
    USING unnest(emptied_students, emptied_keys) AS e(student_id, lecture_key)
    WHERE t.student_id = e.student_id AND t.lecture_key = e.lecture_key AND t.marks = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Resolves marks' sessions and applies those of held sessions. The sessions are locked FOR SHARE
-- first: a session starting (or un-starting) at the same moment holds a conflicting lock, so either
-- its trigger counts this transaction's marks (after they commit) or this trigger sees it held (after
-- it commits), never neither nor both. The statement after the lock reads the sessions afresh.
CREATE FUNCTION attendance_tallies_apply_marks(changed attendance_mark_change[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changed) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM lecture_sessions ls
  WHERE ls.id IN (SELECT DISTINCT c.session_id FROM unnest(changed) c)
  ORDER BY ls.id FOR SHARE;
  PERFORM attendance_tallies_apply(ARRAY(
    SELECT ROW(c.student_id, coalesce(ls.lecture_id, -ls.instant_lecture_id), c.present, c.excused,
      c.sign)::attendance_tally_change
    FROM unnest(changed) c JOIN lecture_sessions ls ON ls.id = c.session_id
    WHERE ls.started_at IS NOT NULL AND ls.status <> 'pre'));
END $$;
--> statement-breakpoint
-- After each statement writing marks (live marking, approvals, corrections, imports, the seed, the
-- retention job, cascaded deletes): the old rows counted out, the new counted in. An update touching
-- none of session, student, is_present, excuse changes nothing. A mark deleted with its session
-- finds no session here: the session's own trigger counted it out before.
CREATE FUNCTION attendance_tallies_after_marks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM attendance_tallies_apply_marks(ARRAY(
      SELECT ROW(n.session_id, n.student_id, n.is_present AND n.excuse IS NULL, n.excuse IS NOT NULL,
        1)::attendance_mark_change
      FROM new_marks n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM attendance_tallies_apply_marks(ARRAY(
      SELECT ROW(o.session_id, o.student_id, o.is_present AND o.excuse IS NULL, o.excuse IS NOT NULL,
        -1)::attendance_mark_change
      FROM old_marks o));
  ELSE
    PERFORM attendance_tallies_apply_marks(ARRAY(
      SELECT v.change
      FROM old_marks o JOIN new_marks n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES
        (ROW(o.session_id, o.student_id, o.is_present AND o.excuse IS NULL, o.excuse IS NOT NULL,
          -1)::attendance_mark_change),
        (ROW(n.session_id, n.student_id, n.is_present AND n.excuse IS NULL, n.excuse IS NOT NULL,
          1)::attendance_mark_change)) AS v(change)
      WHERE (o.session_id, o.student_id, o.is_present, o.excuse)
        IS DISTINCT FROM (n.session_id, n.student_id, n.is_present, n.excuse)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_after_insert AFTER INSERT ON attendances
  REFERENCING NEW TABLE AS new_marks
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_tallies_after_marks();
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_after_update AFTER UPDATE ON attendances
  REFERENCING OLD TABLE AS old_marks NEW TABLE AS new_marks
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_tallies_after_marks();
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_after_delete AFTER DELETE ON attendances
  REFERENCING OLD TABLE AS old_marks
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_tallies_after_marks();
--> statement-breakpoint
-- Every mark of one session as changes to one lecture key.
CREATE FUNCTION attendance_tallies_session_marks(of_session integer, tally_key integer, change_sign integer)
RETURNS attendance_tally_change[]
LANGUAGE sql STABLE AS $$
  SELECT ARRAY(
    SELECT ROW(a.student_id, tally_key, a.is_present AND a.excuse IS NULL, a.excuse IS NOT NULL,
      change_sign)::attendance_tally_change
    FROM attendances a WHERE a.session_id = of_session)
$$;
--> statement-breakpoint
-- A session becoming held or not held, or moved to another lecture, moves its marks; a held session
-- deleted counts its marks out before the delete cascades to them (BEFORE: they still exist).
-- The session's row is locked by the write itself (see attendance_tallies_apply_marks).
CREATE FUNCTION attendance_tallies_follow_session() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.started_at IS NOT NULL AND OLD.status <> 'pre' THEN
    PERFORM attendance_tallies_apply(
      attendance_tallies_session_marks(OLD.id, coalesce(OLD.lecture_id, -OLD.instant_lecture_id), -1));
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.started_at IS NOT NULL AND NEW.status <> 'pre' THEN
    PERFORM attendance_tallies_apply(
      attendance_tallies_session_marks(NEW.id, coalesce(NEW.lecture_id, -NEW.instant_lecture_id), 1));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_session_update AFTER UPDATE OF lecture_id, instant_lecture_id, started_at, status
  ON lecture_sessions FOR EACH ROW
  WHEN ((OLD.started_at IS NOT NULL AND OLD.status <> 'pre') IS DISTINCT FROM (NEW.started_at IS NOT NULL AND NEW.status <> 'pre')
    OR coalesce(OLD.lecture_id, -OLD.instant_lecture_id) IS DISTINCT FROM coalesce(NEW.lecture_id, -NEW.instant_lecture_id))
  EXECUTE FUNCTION attendance_tallies_follow_session();
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_session_delete BEFORE DELETE ON lecture_sessions
  FOR EACH ROW EXECUTE FUNCTION attendance_tallies_follow_session();
--> statement-breakpoint
-- TRUNCATE fires no row or statement triggers above: emptying the marks empties the tallies.
CREATE FUNCTION attendance_tallies_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM attendance_tallies;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER attendance_tallies_truncate AFTER TRUNCATE ON attendances
  FOR EACH STATEMENT EXECUTE FUNCTION attendance_tallies_after_truncate();
--> statement-breakpoint
-- The tallies computed afresh from every mark: the backfill below, and a repair if ever needed.
-- Writers wait while it runs (SHARE locks), so no mark is counted twice or missed.
CREATE FUNCTION attendance_tallies_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE attendances, lecture_sessions IN SHARE MODE;
  DELETE FROM attendance_tallies;
  INSERT INTO attendance_tallies (student_id, lecture_key, marks, present, excused)
  SELECT a.student_id, coalesce(ls.lecture_id, -ls.instant_lecture_id), count(*)::integer,
    (count(*) FILTER (WHERE a.is_present AND a.excuse IS NULL))::integer,
    (count(*) FILTER (WHERE a.excuse IS NOT NULL))::integer
  FROM attendances a JOIN lecture_sessions ls ON ls.id = a.session_id
  WHERE ls.started_at IS NOT NULL AND ls.status <> 'pre'
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint
SELECT attendance_tallies_rebuild();

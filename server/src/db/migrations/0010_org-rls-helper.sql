-- One helper for row-level security, so a migration that adds a business table cannot get it
-- half right: `SELECT enable_org_rls('new_table');` grants the app role, enables and FORCES row-level
-- security (so even the owner is fenced) and adds the one policy every business table has —
-- rows of the organisation in `app.org_id` only (decision 0002). Idempotent. The test
-- server/test/row-level-security.int.test.ts fails for any business table without all of it.
CREATE OR REPLACE FUNCTION enable_org_rls(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO receivables_app', tbl);
  EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', tbl);
  IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = tbl AND polname = 'org_isolation') THEN
    EXECUTE format(
      'CREATE POLICY org_isolation ON %s USING (org_id = nullif(current_setting(''app.org_id'', true), '''')::uuid) '
      'WITH CHECK (org_id = nullif(current_setting(''app.org_id'', true), '''')::uuid)',
      tbl
    );
  END IF;
END
$$;

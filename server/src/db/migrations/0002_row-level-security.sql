-- The role every org-scoped request runs as (SET LOCAL ROLE in withOrg), so that row-level
-- security applies even when the connection user is a superuser or owns the tables.
-- Roles are cluster-wide: many databases (tests) may run this at once, hence the guard and the
-- exception handler for the race between the existence check and CREATE ROLE.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'receivables_app') THEN
    CREATE ROLE receivables_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;--> statement-breakpoint
-- A non-superuser connection user must be a member of the role to SET ROLE to it.
DO $$
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
     AND NOT pg_has_role(current_user, 'receivables_app', 'MEMBER') THEN
    EXECUTE format('GRANT receivables_app TO %I', current_user);
  END IF;
EXCEPTION WHEN insufficient_privilege OR duplicate_object THEN
  RAISE WARNING 'could not grant receivables_app to %; org-scoped queries will fail', current_user;
END
$$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO receivables_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON customer, contact, tag, customer_tag, invoice, payment, standing_transition, org_settings TO receivables_app;--> statement-breakpoint
-- Tables added by later migrations (run by the same user) get the same privileges.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO receivables_app;--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customer', 'contact', 'tag', 'customer_tag', 'invoice', 'payment', 'standing_transition', 'org_settings']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY org_isolation ON %I USING (org_id = nullif(current_setting(''app.org_id'', true), '''')::uuid) '
      'WITH CHECK (org_id = nullif(current_setting(''app.org_id'', true), '''')::uuid)',
      t
    );
  END LOOP;
END
$$;

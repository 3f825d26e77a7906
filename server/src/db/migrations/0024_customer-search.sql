-- Free-text search at a million customers (decision 0029).
--
-- The list's `q` matched `lower(name) like … or lower(primary email) like …` across the contact
-- join, which no index serves: the planner hash-joined both tables or walked the name index for a
-- quarter of the rows. One column holding both, kept here by triggers, with one trigram index,
-- lets it choose: a rare word through the index, a common one by walking the sort's own index and
-- stopping at the page. The name's own trigram index is replaced by it (a name filter reads it too).
DROP INDEX "customer_name_trgm_idx";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint

-- One line each, lower-cased: a search for "bakery" finds the name, "@acme" the address; the line
-- break keeps a word from matching across the two.
CREATE FUNCTION customer_search_text(p_name text, p_email text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT lower(p_name) || E'\n' || coalesce(lower(p_email), '') $$;--> statement-breakpoint

-- Recompute it for these customers from their name and primary contact; only rows that change are written.
CREATE FUNCTION refresh_customer_search_text(p_customer_ids uuid[]) RETURNS void
LANGUAGE sql
AS $$
  UPDATE customer c
  SET search_text = s.text
  FROM (
    SELECT c2.id, customer_search_text(c2.name, pc.email) AS text
    FROM customer c2
    LEFT JOIN contact pc ON pc.customer_id = c2.id AND pc.role = 'primary'
    WHERE c2.id = ANY (p_customer_ids)
  ) s
  WHERE c.id = s.id AND c.search_text IS DISTINCT FROM s.text
$$;--> statement-breakpoint

-- A customer's own name: set before the row is written, so an insert or rename costs no second write.
CREATE FUNCTION customer_search_text_on_write() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.search_text := customer_search_text(
    NEW.name,
    (SELECT email FROM contact WHERE customer_id = NEW.id AND role = 'primary'));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER customer_search_text_on_write
BEFORE INSERT OR UPDATE OF name ON customer
FOR EACH ROW EXECUTE FUNCTION customer_search_text_on_write();--> statement-breakpoint

-- A primary contact added, changed or removed: once per statement over the rows it touched, so an
-- import of 100,000 contacts is one set-based update per batch, not one per row.
CREATE FUNCTION contact_search_text_on_write() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_customer_search_text(ARRAY(SELECT DISTINCT customer_id FROM new_rows WHERE role = 'primary'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_customer_search_text(ARRAY(SELECT DISTINCT customer_id FROM old_rows WHERE role = 'primary'));
  ELSE
    PERFORM refresh_customer_search_text(ARRAY(
      SELECT DISTINCT unnest(ARRAY[n.customer_id, o.customer_id])
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      WHERE (n.role = 'primary' OR o.role = 'primary')
        AND (n.email, n.role, n.customer_id) IS DISTINCT FROM (o.email, o.role, o.customer_id)));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contact_search_text_on_insert
AFTER INSERT ON contact REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_search_text_on_write();--> statement-breakpoint
CREATE TRIGGER contact_search_text_on_update
AFTER UPDATE ON contact REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_search_text_on_write();--> statement-breakpoint
CREATE TRIGGER contact_search_text_on_delete
AFTER DELETE ON contact REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION contact_search_text_on_write();--> statement-breakpoint

-- Existing customers, in one pass.
UPDATE customer c
SET search_text = customer_search_text(c.name, pc.email)
FROM customer c2
LEFT JOIN contact pc ON pc.customer_id = c2.id AND pc.role = 'primary'
WHERE c2.id = c.id;--> statement-breakpoint
CREATE INDEX "customer_search_trgm_idx" ON "customer" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint

-- Row security keeps each organisation's rows its own, but it also keeps the planner from using
-- the trigram index: LIKE is not leakproof, so it may only run after the policy's check, never
-- inside an index scan (a search of a million customers read every one). This function finds a
-- search's customers for the organisation in app.org_id — the same fence as the policy, applied by
-- its own WHERE — as the function's owner: when that owner is exempt from row security (the
-- embedded server's, or any superuser), through the index. The list asks it for at most a
-- thousand and one ids and reads the page from those; a commoner word walks the sort's index
-- instead (find-customers.ts, decision 0029).
CREATE FUNCTION customer_search_ids(p_pattern text, p_max integer) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT id FROM customer
  WHERE org_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND search_text LIKE p_pattern
  LIMIT p_max
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION customer_search_ids(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION customer_search_ids(text, integer) TO receivables_app;

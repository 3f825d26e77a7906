-- Two filters of the customer list at a million customers (decision 0029, "Probes").
--
-- Under row security the planner applies the policy before any predicate that is not leakproof,
-- and never inside an index scan. Enum equality (`standing = …`) and LIKE are not leakproof, so a
-- standing filter counted its matches by walking the standing index past every customer in good
-- standing, and a name `contains` filter walked the name order until it had a thousand. Like
-- customer_search_ids (migration 0024), each function below finds at most p_max of the
-- organisation's matching customers — the policy's fence, org_id = app.org_id, applied by its own
-- WHERE — as the function's owner, through the index. The list reads its page from those ids when
-- they are all of them, and when there are more it knows the count is past the cap.
CREATE FUNCTION customer_standing_ids(p_standings standing[], p_max integer) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT id FROM customer
  WHERE org_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND standing = ANY (p_standings)
  LIMIT p_max
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION customer_standing_ids(standing[], integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION customer_standing_ids(standing[], integer) TO receivables_app;--> statement-breakpoint

-- The name is search_text's first line: its trigram index finds the candidates, the name itself decides.
CREATE FUNCTION customer_name_ids(p_pattern text, p_max integer) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT id FROM customer
  WHERE org_id = nullif(current_setting('app.org_id', true), '')::uuid
    AND search_text LIKE p_pattern
    AND lower(name) LIKE p_pattern
  LIMIT p_max
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION customer_name_ids(text, integer) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION customer_name_ids(text, integer) TO receivables_app;

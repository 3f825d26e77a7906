-- The customer list's standing filter at a million customers (decision 0029, "Probes").
--
-- Under row security the planner applies the policy before any predicate that is not leakproof,
-- and never inside an index scan. Enum equality (`standing = …`) is not leakproof, so a standing
-- filter counted its matches by walking the standing index past every customer in good standing.
-- Like customer_search_ids (migration 0024), which a name `contains` filter asks too, this
-- function finds at most p_max of the organisation's matching customers — the policy's fence,
-- org_id = app.org_id, applied by its own WHERE — as the function's owner, through the index. The
-- list reads its page from those ids when they are all of them, and when there are more it knows
-- the count is past the cap.
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
GRANT EXECUTE ON FUNCTION customer_standing_ids(standing[], integer) TO receivables_app;

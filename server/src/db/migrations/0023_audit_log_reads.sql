-- Settings → Audit log (decision 0027): the organisation's entries newest first by keyset, and by person.
CREATE INDEX "audit_log_org_at_idx" ON "audit_log" USING btree ("org_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_org_actor_at_idx" ON "audit_log" USING btree ("org_id","actor_id","at");
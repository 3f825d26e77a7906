DROP INDEX "customer_org_amount_overdue_idx";--> statement-breakpoint
DROP INDEX "customer_org_due_date_idx";--> statement-breakpoint
DROP INDEX "customer_org_last_chase_at_idx";--> statement-breakpoint
CREATE INDEX "customer_org_n_invoices_idx" ON "customer" USING btree ("org_id","n_invoices","id");--> statement-breakpoint
CREATE INDEX "customer_org_standing_idx" ON "customer" USING btree ("org_id","standing","id");--> statement-breakpoint
CREATE INDEX "customer_org_currency_idx" ON "customer" USING btree ("org_id","currency","id");--> statement-breakpoint
CREATE INDEX "customer_org_created_at_idx" ON "customer" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_org_due_date_desc_idx" ON "customer" USING btree ("org_id","due_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_org_last_chase_at_desc_idx" ON "customer" USING btree ("org_id","last_chase_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_org_amount_overdue_idx" ON "customer" USING btree ("org_id","amount_overdue","id");--> statement-breakpoint
CREATE INDEX "customer_org_due_date_idx" ON "customer" USING btree ("org_id","due_date","id");--> statement-breakpoint
CREATE INDEX "customer_org_last_chase_at_idx" ON "customer" USING btree ("org_id","last_chase_at","id");
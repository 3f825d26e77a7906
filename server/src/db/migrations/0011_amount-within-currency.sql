DROP INDEX "customer_org_amount_overdue_idx";--> statement-breakpoint
CREATE INDEX "customer_org_currency_amount_overdue_idx" ON "customer" USING btree ("org_id","currency","amount_overdue","id");
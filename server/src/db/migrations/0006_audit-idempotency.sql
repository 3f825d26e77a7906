CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"customer_id" uuid,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_key" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response_body" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tag_org_name_uidx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_org_customer_at_idx" ON "audit_log" USING btree ("org_id","customer_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_key_org_key_uidx" ON "idempotency_key" USING btree ("org_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_one_escalation_uidx" ON "contact" USING btree ("customer_id") WHERE "contact"."role" = 'escalation';--> statement-breakpoint
CREATE UNIQUE INDEX "tag_org_lower_name_uidx" ON "tag" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_org_number_uidx" ON "invoice" USING btree ("org_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_org_source_external_uidx" ON "payment" USING btree ("org_id","source","external_id") WHERE "payment"."external_id" is not null;
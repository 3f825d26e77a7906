CREATE TYPE "public"."import_status" AS ENUM('uploaded', 'queued', 'running', 'completed', 'failed');--> statement-breakpoint
CREATE TABLE "customer_import" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"created_by" uuid,
	"filename" text NOT NULL,
	"status" "import_status" DEFAULT 'uploaded' NOT NULL,
	"headers" text[] NOT NULL,
	"preview" jsonb NOT NULL,
	"delimiter" text NOT NULL,
	"encoding" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"customers_created" integer DEFAULT 0 NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"invoices_updated" integer DEFAULT 0 NOT NULL,
	"invoices_unchanged" integer DEFAULT 0 NOT NULL,
	"processed_through_row" integer DEFAULT 1 NOT NULL,
	"mapping" jsonb,
	"default_currency" text,
	"date_order" text,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"rows_deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_import_row" (
	"import_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"cells" text[] NOT NULL,
	"invoice_number" text,
	"rejection" text,
	CONSTRAINT "customer_import_row_import_id_row_number_pk" PRIMARY KEY("import_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "customer_import" ADD CONSTRAINT "customer_import_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_row" ADD CONSTRAINT "customer_import_row_import_id_customer_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."customer_import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_import_row" ADD CONSTRAINT "customer_import_row_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_import_org_created_at_idx" ON "customer_import" USING btree ("org_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "customer_import_row_invoice_number_idx" ON "customer_import_row" USING btree ("import_id","invoice_number") WHERE "customer_import_row"."invoice_number" is not null;--> statement-breakpoint
CREATE INDEX "customer_import_row_rejected_idx" ON "customer_import_row" USING btree ("import_id","row_number") WHERE "customer_import_row"."rejection" is not null;
-- Stripe-aware chasing (decision 0023): Stripe's own retries of an invoice it charges
-- automatically, and the notice the product writes itself after a hard decline.
CREATE TYPE "public"."event_notice" AS ENUM('payment_declined');--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payment_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice" ADD COLUMN "retries_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "notice" "event_notice";--> statement-breakpoint
ALTER TABLE "event" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "event" ADD CONSTRAINT "event_invoice_id_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoice"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_invoice_idx" ON "event" USING btree ("invoice_id") WHERE "event"."invoice_id" is not null;
-- Stripe (decision 0022): credit notes shown with the payments, refunds of a payment, and a
-- customer Stripe deleted, kept here with its history and no longer synced.
CREATE TYPE "public"."payment_kind" AS ENUM('payment', 'credit_note');--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "stripe_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "kind" "payment_kind" DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;
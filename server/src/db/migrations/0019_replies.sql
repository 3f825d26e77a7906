-- Replies (decision 0021): every message received for an organisation (inbound_email, its files in
-- inbound_attachment), the routing directory that tells which organisation a message is for before
-- anything else is known (inbound_route), a contact's address marked undeliverable by a hard bounce,
-- and why the system paused a customer.
CREATE TYPE "public"."pause_reason" AS ENUM('reply', 'out_of_office', 'says_paid', 'promise', 'dispute', 'asked_to_stop');--> statement-breakpoint
CREATE TYPE "public"."inbound_channel" AS ENUM('smtp', 'webhook');--> statement-breakpoint
CREATE TYPE "public"."inbound_kind" AS ENUM('reply', 'auto_reply', 'bounce');--> statement-breakpoint
CREATE TYPE "public"."inbound_match" AS ENUM('token', 'message_id', 'sender', 'hand');--> statement-breakpoint
CREATE TYPE "public"."inbound_route_kind" AS ENUM('event', 'message_id', 'domain', 'webhook_secret');--> statement-breakpoint
CREATE TABLE "inbound_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"inbound_email_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"filename" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_email" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"customer_id" uuid,
	"event_id" uuid,
	"answers_event_id" uuid,
	"channel" "inbound_channel" NOT NULL,
	"kind" "inbound_kind" NOT NULL,
	"matched_by" "inbound_match",
	"envelope_from" text,
	"envelope_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"from_address" text,
	"from_name" text,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message_id" text,
	"in_reply_to" text,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"written_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"html" text,
	"visible_text" text DEFAULT '' NOT NULL,
	"raw" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"auto_reply" jsonb,
	"bounce" jsonb,
	"triage" jsonb,
	"triage_action" text,
	"triage_acted_at" timestamp with time zone,
	"triage_actor_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_route" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"kind" "inbound_route_kind" NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "undeliverable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact" ADD COLUMN "undeliverable_reason" text;--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "pause_reason" "pause_reason";--> statement-breakpoint
ALTER TABLE "customer" ADD COLUMN "pause_event_id" uuid;--> statement-breakpoint
ALTER TABLE "inbound_attachment" ADD CONSTRAINT "inbound_attachment_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_attachment" ADD CONSTRAINT "inbound_attachment_inbound_email_id_inbound_email_id_fk" FOREIGN KEY ("inbound_email_id") REFERENCES "public"."inbound_email"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_email" ADD CONSTRAINT "inbound_email_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_email" ADD CONSTRAINT "inbound_email_customer_id_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customer"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_email" ADD CONSTRAINT "inbound_email_event_id_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_email" ADD CONSTRAINT "inbound_email_answers_event_id_event_id_fk" FOREIGN KEY ("answers_event_id") REFERENCES "public"."event"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_route" ADD CONSTRAINT "inbound_route_org_id_auth_organization_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."auth_organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_attachment_email_idx" ON "inbound_attachment" USING btree ("inbound_email_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_email_message_uidx" ON "inbound_email" USING btree ("org_id","message_id") WHERE "inbound_email"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "inbound_email_received_idx" ON "inbound_email" USING btree ("org_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_email_unassigned_idx" ON "inbound_email" USING btree ("org_id","received_at") WHERE "inbound_email"."customer_id" is null and "inbound_email"."kind" <> 'bounce';--> statement-breakpoint
CREATE INDEX "inbound_email_unread_idx" ON "inbound_email" USING btree ("org_id") WHERE "inbound_email"."read_at" is null and "inbound_email"."kind" <> 'bounce';--> statement-breakpoint
CREATE INDEX "inbound_email_event_idx" ON "inbound_email" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "inbound_email_answers_idx" ON "inbound_email" USING btree ("answers_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_route_key_uidx" ON "inbound_route" USING btree ("kind","key","org_id");--> statement-breakpoint
CREATE INDEX "event_message_id_idx" ON "event" USING btree ("org_id","message_id") WHERE "event"."message_id" is not null;--> statement-breakpoint
SELECT enable_org_rls('inbound_email');--> statement-breakpoint
SELECT enable_org_rls('inbound_attachment');--> statement-breakpoint
SELECT enable_org_rls('inbound_route');--> statement-breakpoint
-- The directory is read before the organisation is known (a reply token's event, a Message-ID, a
-- domain, a webhook secret's hash): it holds ids only, so reading it across organisations is its
-- purpose. Writing stays fenced by org_isolation.
CREATE POLICY inbound_route_lookup ON inbound_route FOR SELECT USING (true);--> statement-breakpoint
-- The emails already sent, and the reply domains already set, are routed like new ones.
INSERT INTO inbound_route (org_id, kind, key)
  SELECT org_id, 'event'::inbound_route_kind, id::text FROM event WHERE message_id IS NOT NULL
  UNION ALL
  SELECT org_id, 'message_id'::inbound_route_kind, message_id FROM event WHERE message_id IS NOT NULL
  UNION ALL
  SELECT org_id, 'domain'::inbound_route_kind, lower(reply_to_domain) FROM org_settings WHERE reply_to_domain IS NOT NULL
ON CONFLICT DO NOTHING;

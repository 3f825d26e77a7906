CREATE TABLE "auth_invitation_secret" (
	"invitation_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_invitation_secret" ADD CONSTRAINT "auth_invitation_secret_invitation_id_auth_invitation_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."auth_invitation"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "comment_mail_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comment_mail_tokens" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "comment_mail_addresses" DROP CONSTRAINT "comment_mail_addresses_token_unique";--> statement-breakpoint
ALTER TABLE "comment_mail_tokens" ADD CONSTRAINT "comment_mail_tokens_email_comment_mail_addresses_email_fk" FOREIGN KEY ("email") REFERENCES "public"."comment_mail_addresses"("email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_mail_tokens_email_idx" ON "comment_mail_tokens" USING btree ("email");--> statement-breakpoint
-- Links already mailed keep working: their tokens move over as hashes.
INSERT INTO "comment_mail_tokens" ("token_hash", "email")
  SELECT encode(sha256(convert_to("token", 'UTF8')), 'hex'), "email" FROM "comment_mail_addresses";--> statement-breakpoint
ALTER TABLE "comment_mail_addresses" DROP COLUMN "token";
CREATE TABLE "comment_mail_addresses" (
	"email" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_mail_addresses_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "comment_mail_addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "comments" SET "notified_at" = "created_at" WHERE "thread_id" IS NOT NULL;

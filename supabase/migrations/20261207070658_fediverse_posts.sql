CREATE TABLE "fediverse_posts" (
	"article_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fediverse_posts" ENABLE ROW LEVEL SECURITY;
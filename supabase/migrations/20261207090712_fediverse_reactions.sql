CREATE TABLE "fediverse_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"article_id" text NOT NULL,
	"actor_uri" text NOT NULL,
	"activity_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_reactions_once" UNIQUE("article_id","actor_uri","kind")
);
--> statement-breakpoint
ALTER TABLE "fediverse_reactions" ENABLE ROW LEVEL SECURITY;
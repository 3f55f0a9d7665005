CREATE TABLE "fediverse_followers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_uri" text NOT NULL,
	"inbox_uri" text NOT NULL,
	"shared_inbox_uri" text,
	"handle" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"url" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fediverse_followers_actor_uri_unique" UNIQUE("actor_uri")
);
--> statement-breakpoint
ALTER TABLE "fediverse_followers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fediverse_keys" (
	"kind" text PRIMARY KEY NOT NULL,
	"private_key" jsonb NOT NULL,
	"public_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fediverse_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fediverse_kv" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "fediverse_kv" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "fediverse_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fediverse_queue" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "fediverse_kv_expires_idx" ON "fediverse_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "fediverse_queue_run_idx" ON "fediverse_queue" USING btree ("run_at");
CREATE TABLE "draft_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "draft_links" ADD CONSTRAINT "draft_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_links_item_idx" ON "draft_links" USING btree ("kind","item_id");
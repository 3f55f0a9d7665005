CREATE TABLE "content_albums" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_albums" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"caption" jsonb NOT NULL,
	"alt" jsonb NOT NULL,
	"image" text NOT NULL,
	"album" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taken_at" text,
	"place" jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"credit" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_photos_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "content_photos" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "content_photos" ADD CONSTRAINT "content_photos_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_photos_status_idx" ON "content_photos" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "content_photos_updated_idx" ON "content_photos" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "content_photos_album_idx" ON "content_photos" USING btree ("album");
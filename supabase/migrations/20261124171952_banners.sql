CREATE TABLE "content_banners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" jsonb NOT NULL,
	"subtitle" jsonb NOT NULL,
	"alt" jsonb NOT NULL,
	"image" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_banners" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "content_banners_order_idx" ON "content_banners" USING btree ("order");
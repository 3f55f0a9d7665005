ALTER TABLE "content_articles" ADD COLUMN "comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "content_chapters" ADD COLUMN "comments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "content_notes" ADD COLUMN "comments" boolean DEFAULT true NOT NULL;
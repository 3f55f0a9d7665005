ALTER TABLE "comments" ADD COLUMN "remote_url" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "remote_id" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_remote_id_unique" UNIQUE("remote_id");
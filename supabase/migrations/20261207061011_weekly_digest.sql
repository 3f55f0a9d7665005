ALTER TABLE "mailings" ALTER COLUMN "article_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ALTER COLUMN "lang" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mailings" ADD COLUMN "digest_week" date;--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_digest_week_unique" UNIQUE("digest_week");--> statement-breakpoint
ALTER TABLE "mailings" ADD CONSTRAINT "mailings_article_or_digest" CHECK (("mailings"."article_id" is null) <> ("mailings"."digest_week" is null) and ("mailings"."article_id" is null) = ("mailings"."lang" is null));
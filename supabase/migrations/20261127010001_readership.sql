CREATE TABLE "page_views" (
	"day" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"device" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_day_path_referrer_locale_device_pk" PRIMARY KEY("day","path","referrer","locale","device")
);
--> statement-breakpoint
ALTER TABLE "page_views" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "request_logs_path_idx" ON "request_logs" USING btree ("path" text_pattern_ops);
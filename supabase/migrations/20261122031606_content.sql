CREATE TABLE "content_articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"translation_key" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"cover_alt" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"pinned" boolean DEFAULT false NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "content_articles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"translation_key" text,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_books_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "content_books" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_chapters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"order" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_chapters" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "content_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"lang" text NOT NULL,
	"body" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_notes_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "content_notes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "content_articles" ADD CONSTRAINT "content_articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_chapters" ADD CONSTRAINT "content_chapters_book_id_content_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."content_books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_chapters" ADD CONSTRAINT "content_chapters_parent_id_content_chapters_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content_chapters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_notes" ADD CONSTRAINT "content_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_articles_status_idx" ON "content_articles" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "content_articles_updated_idx" ON "content_articles" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "content_books_updated_idx" ON "content_books" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_chapters_book_slug_idx" ON "content_chapters" USING btree ("book_id","slug");--> statement-breakpoint
CREATE INDEX "content_chapters_parent_idx" ON "content_chapters" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "content_notes_status_idx" ON "content_notes" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "content_notes_updated_idx" ON "content_notes" USING btree ("updated_at");
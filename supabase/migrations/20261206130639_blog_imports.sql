CREATE TABLE "blog_import_rows" (
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"import_id" uuid NOT NULL,
	"row_key" text NOT NULL,
	CONSTRAINT "blog_import_rows_kind_source_key_pk" PRIMARY KEY("kind","source_key")
);
--> statement-breakpoint
ALTER TABLE "blog_import_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blog_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tool" text NOT NULL,
	"source" text NOT NULL,
	"counts" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blog_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "redirects" (
	"from_path" text PRIMARY KEY NOT NULL,
	"to_path" text NOT NULL,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redirects" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "blog_import_rows" ADD CONSTRAINT "blog_import_rows_import_id_blog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."blog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_imports" ADD CONSTRAINT "blog_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirects" ADD CONSTRAINT "redirects_import_id_blog_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."blog_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_import_rows_import_idx" ON "blog_import_rows" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "blog_imports_created_idx" ON "blog_imports" USING btree ("created_at");
CREATE TABLE "nav_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nav_groups" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "nav_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"url" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nav_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nav_links" ADD CONSTRAINT "nav_links_group_id_nav_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."nav_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nav_groups_order_idx" ON "nav_groups" USING btree ("order");--> statement-breakpoint
CREATE INDEX "nav_links_group_order_idx" ON "nav_links" USING btree ("group_id","order");
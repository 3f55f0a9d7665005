CREATE TABLE "known_logins" (
	"user_id" uuid NOT NULL,
	"key_hash" text NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_logins_user_id_key_hash_pk" PRIMARY KEY("user_id","key_hash")
);
--> statement-breakpoint
ALTER TABLE "known_logins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "known_logins" ADD CONSTRAINT "known_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_logins_last_success_idx" ON "known_logins" USING btree ("last_success_at");
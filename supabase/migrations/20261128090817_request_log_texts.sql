-- The request log's word search looks for words in the distinct texts of its path, address and browser columns (request_log_texts, one row a column and text, trigram-indexed), then finds the entries holding them by value through btree indexes, instead of through trigram indexes on every entry: drawing each entry's trigrams was most of an insert's cost (issue 20). A trigger keeps the texts, so every way a row gets in (the server's batches, a Netlify function's single rows, a script's) keeps them.
CREATE TABLE "request_log_texts" (
	"field" text NOT NULL,
	"text" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "request_log_texts_field_text_pk" PRIMARY KEY("field","text")
);
--> statement-breakpoint
ALTER TABLE "request_log_texts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "request_log_texts" ("field", "text", "last_at")
SELECT v."field", v."text", max(v."at") FROM (
	SELECT 'path' AS "field", "path" AS "text", "at" FROM "request_logs"
	UNION ALL SELECT 'ip', "ip", "at" FROM "request_logs" WHERE "ip" IS NOT NULL
	UNION ALL SELECT 'user_agent', "user_agent", "at" FROM "request_logs" WHERE "user_agent" IS NOT NULL
) v GROUP BY v."field", v."text";--> statement-breakpoint
-- After every insert statement into request_logs, its texts: new ones added, and a known one's latest time moved on when the new one is over an hour later (so a busy log writes nothing here, nor locks anything, for the texts it keeps seeing; the prune allows for that hour). One statement a batch, not a trigger a row.
CREATE FUNCTION "request_log_texts_add"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
	INSERT INTO public.request_log_texts AS t ("field", "text", "last_at")
	SELECT s."field", s."text", s."last_at" FROM (
		SELECT v."field", v."text", max(v."at") AS "last_at" FROM (
			SELECT 'path' AS "field", n."path" AS "text", n."at" FROM new_rows n
			UNION ALL SELECT 'ip', n."ip", n."at" FROM new_rows n WHERE n."ip" IS NOT NULL
			UNION ALL SELECT 'user_agent', n."user_agent", n."at" FROM new_rows n WHERE n."user_agent" IS NOT NULL
		) v GROUP BY v."field", v."text"
	) s
	WHERE NOT EXISTS (
		SELECT 1 FROM public.request_log_texts k
		WHERE k."field" = s."field" AND k."text" = s."text" AND k."last_at" >= s."last_at" - interval '1 hour'
	)
	ON CONFLICT ("field", "text") DO UPDATE SET "last_at" = excluded."last_at"
	WHERE t."last_at" < excluded."last_at" - interval '1 hour';
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "request_logs_texts" AFTER INSERT ON "request_logs" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "request_log_texts_add"();--> statement-breakpoint
DROP INDEX "request_logs_path_trgm_idx";--> statement-breakpoint
DROP INDEX "request_logs_ip_trgm_idx";--> statement-breakpoint
DROP INDEX "request_logs_user_agent_trgm_idx";--> statement-breakpoint
CREATE INDEX "request_log_texts_trgm_idx" ON "request_log_texts" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_log_texts_last_at_idx" ON "request_log_texts" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "request_logs_ip_idx" ON "request_logs" USING btree ("ip");--> statement-breakpoint
CREATE INDEX "request_logs_user_agent_idx" ON "request_logs" USING btree ("user_agent");

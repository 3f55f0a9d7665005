-- The request log's word search: trigram indexes need pg_trgm (a trusted extension of PostgreSQL 13 and later; PGlite loads it in src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "request_logs_path_trgm_idx" ON "request_logs" USING gin ("path" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_logs_ip_trgm_idx" ON "request_logs" USING gin ("ip" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "request_logs_user_agent_trgm_idx" ON "request_logs" USING gin ("user_agent" gin_trgm_ops);
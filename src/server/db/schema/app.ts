import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { userOrNull } from "./accounts.ts";
import { createdAt, serialId, stamps, zoned } from "./columns.ts";

// The server's own state: named values, the mail outbox, the AI provider's settings.

/** One-time facts about this database, such as "the demo admin was seeded". */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull().default(""),
  createdAt: createdAt(),
}).enableRLS();

/** Mails of the embedded default (no SMTP_URL): what would have been sent. */
export const outbox = pgTable(
  "outbox",
  {
    id: serialId(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Headers of the mail beyond From, To and Subject (a reply mail's List-Unsubscribe). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
).enableRLS();

/**
 * The AI chat's provider as the owner set it in /bms (one row, id 'ai'); an empty field falls
 * back to the environment's (`AI_BASE_URL`, `AI_MODEL`, `AI_EMBEDDING_MODEL`, `AI_API_KEY`).
 * The key is kept sealed (AES-256-GCM under the server's secret, src/server/chat/secret-box.ts)
 * and never answered: `key_hint` is its last four characters, for the owner to recognise it.
 */
export const aiSettings = pgTable(
  "ai_settings",
  {
    id: text("id").primaryKey(),
    baseUrl: text("base_url").notNull().default(""),
    model: text("model").notNull().default(""),
    embeddingModel: text("embedding_model").notNull().default(""),
    apiKeySealed: text("api_key_sealed"),
    keyHint: text("key_hint").notNull().default(""),
    /** The provider's last failure to answer a reader (for the owner), until the next save. */
    lastFailureAt: zoned("last_failure_at"),
    lastFailure: text("last_failure"),
    updatedBy: userOrNull("updated_by"),
    ...stamps(),
  },
  (t) => [check("ai_settings_one_row", sql`${t.id} = 'ai'`)],
).enableRLS();

import { eq } from "drizzle-orm";
import type { AiSettingsRecord, SaveAiSettingsInput } from "../../shared/ai-settings.ts";
import type { Db } from "../db/client.ts";
import { aiSettings } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { type AiConfig, aiConfigFromEnv, isConfigured } from "./provider.ts";
import { open, seal } from "./secret-box.ts";

// The provider's settings: saved in /bms over the environment's, the key sealed. The chat reads
// the result on every question, so a change takes effect at once.

const ID = "ai";
type Row = typeof aiSettings.$inferSelect;

async function findRow(db: Db): Promise<Row | null> {
  const [row] = await db.select().from(aiSettings).where(eq(aiSettings.id, ID));
  return row ?? null;
}

/** The stored key opened; "" for none or one that cannot be opened. */
function keyOf(row: Row | null, secret: string | undefined): string {
  if (!row?.apiKeySealed || !secret) return "";
  return open(row.apiKeySealed, secret) ?? "";
}

/** The provider the chat uses now: each field as saved here, or the environment's. */
export async function aiConfigFor(
  db: Db,
  env: NodeJS.ProcessEnv,
  secret: string | undefined,
): Promise<AiConfig> {
  const fromEnv = aiConfigFromEnv(env);
  const row = await findRow(db);
  return {
    baseUrl: row?.baseUrl || fromEnv.baseUrl,
    model: row?.model || fromEnv.model,
    embeddingModel: row?.embeddingModel || fromEnv.embeddingModel,
    apiKey: keyOf(row, secret) || fromEnv.apiKey,
  };
}

function recordOf(
  row: Row | null,
  env: NodeJS.ProcessEnv,
  secret: string | undefined,
): AiSettingsRecord {
  const fromEnv = aiConfigFromEnv(env);
  const saved = {
    baseUrl: row?.baseUrl ?? "",
    model: row?.model ?? "",
    embeddingModel: row?.embeddingModel ?? "",
  };
  const hasKey = Boolean(row?.apiKeySealed);
  return {
    ...saved,
    hasKey,
    keyHint: hasKey ? (row?.keyHint ?? "") : "",
    keyUnreadable: hasKey && keyOf(row, secret) === "",
    canStoreKey: Boolean(secret),
    env: {
      baseUrl: fromEnv.baseUrl,
      model: fromEnv.model,
      embeddingModel: fromEnv.embeddingModel,
      hasKey: Boolean(fromEnv.apiKey),
    },
    configured: isConfigured({
      ...fromEnv,
      baseUrl: saved.baseUrl || fromEnv.baseUrl,
      model: saved.model || fromEnv.model,
    }),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function getAiSettings(
  db: Db,
  env: NodeJS.ProcessEnv,
  secret: string | undefined,
): Promise<AiSettingsRecord> {
  return recordOf(await findRow(db), env, secret);
}

/** Saves the fields; the key as given (left out: kept; "": removed), sealed. */
export async function saveAiSettings(
  db: Db,
  input: SaveAiSettingsInput,
  ctx: { env: NodeJS.ProcessEnv; secret: string | undefined; actor: string | null },
): Promise<AiSettingsRecord> {
  const key: Partial<Pick<Row, "apiKeySealed" | "keyHint">> = {};
  if (input.apiKey !== undefined) {
    if (input.apiKey && !ctx.secret) {
      throw new ApiError(400, "bad_request", "This server has no APP_SECRET to keep a key with", {
        issues: [
          {
            field: "apiKey",
            message: "set APP_SECRET on the server (or the key as AI_API_KEY)",
            key: "bmsAi.problems.noSecret",
          },
        ],
      });
    }
    key.apiKeySealed = input.apiKey && ctx.secret ? seal(input.apiKey, ctx.secret) : null;
    key.keyHint = input.apiKey ? input.apiKey.slice(-4) : "";
  }
  const values = {
    baseUrl: input.baseUrl,
    model: input.model,
    embeddingModel: input.embeddingModel,
    ...key,
    updatedBy: ctx.actor,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(aiSettings)
    .values({ id: ID, ...values })
    .onConflictDoUpdate({ target: aiSettings.id, set: values })
    .returning();
  return recordOf(row ?? null, ctx.env, ctx.secret);
}

import type {
  AiSettingsRecord,
  AiTestResult,
  SaveAiSettingsInput,
} from "../../shared/ai-settings.ts";
import type { Db } from "../db/client.ts";
import { ApiError } from "../http/errors.ts";
import {
  type AiConfig,
  aiConfigFromEnv,
  type ChatModel,
  describeProviderError,
  isConfigured,
} from "./provider.ts";
import { findAiSettings, type AiSettingsRow as Row, upsertAiSettings } from "./repository.ts";
import { open, seal } from "./secret-box.ts";

// The provider's settings: saved in /bms over the environment's, the key sealed. The chat reads
// the result on every question, so a change takes effect at once.

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
  const row = await findAiSettings(db);
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
    lastFailure:
      row?.lastFailureAt && row.lastFailure
        ? { at: row.lastFailureAt.toISOString(), reason: row.lastFailure }
        : null,
  };
}

/**
 * The provider these settings name, each field as given or else as saved or set by the
 * environment; the key as typed, else the stored one (unless being removed).
 */
export async function aiConfigOf(
  db: Db,
  input: SaveAiSettingsInput,
  env: NodeJS.ProcessEnv,
  secret: string | undefined,
): Promise<AiConfig> {
  const fromEnv = aiConfigFromEnv(env);
  const stored = keyOf(await findAiSettings(db), secret);
  const apiKey = input.apiKey === undefined ? stored || fromEnv.apiKey : input.apiKey;
  return {
    baseUrl: input.baseUrl || fromEnv.baseUrl,
    model: input.model || fromEnv.model,
    embeddingModel: input.embeddingModel || fromEnv.embeddingModel,
    apiKey: apiKey || fromEnv.apiKey,
  };
}

/**
 * "Test connection": asks the model of `config` for one token, within `timeoutMs`. Answers
 * whether it answered, how fast, and why not (a status and an error type, never the provider's
 * own text, which may repeat the key).
 */
export async function testProvider(
  config: AiConfig,
  modelOf: (config: AiConfig) => ChatModel,
  timeoutMs = 15_000,
): Promise<AiTestResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (!isConfigured(config)) return { ok: false, ms: 0, reason: "no address or model" };
  try {
    const stream = modelOf(config).stream([{ role: "user", content: "Say OK." }], {
      signal: AbortSignal.timeout(timeoutMs),
      maxTokens: 1,
    });
    for await (const _ of stream) break;
    return { ok: true, ms: ms(), reason: "" };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError"
        ? "no answer in time"
        : describeProviderError(error);
    return { ok: false, ms: ms(), reason };
  }
}

/** Keeps the provider's failure to answer a reader, for the owner to see in /bms. */
export async function recordProviderFailure(db: Db, reason: string, at = new Date()) {
  const values = { lastFailureAt: at, lastFailure: reason.slice(0, 300) };
  await upsertAiSettings(db, values);
}

export async function getAiSettings(
  db: Db,
  env: NodeJS.ProcessEnv,
  secret: string | undefined,
): Promise<AiSettingsRecord> {
  return recordOf(await findAiSettings(db), env, secret);
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
    // New settings: the old provider's failure no longer says anything.
    lastFailureAt: null,
    lastFailure: null,
    updatedBy: ctx.actor,
    updatedAt: new Date(),
  };
  return recordOf(await upsertAiSettings(db, values), ctx.env, ctx.secret);
}

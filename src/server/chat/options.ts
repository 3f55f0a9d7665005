import { chatRates } from "../http/rate-limit.ts";
import { builtSiteChatIndex } from "./index-source.ts";
import { chatTimeoutsFromEnv, openAiModel } from "./provider.ts";
import type { ChatOptions } from "./routes.ts";
import { aiConfigFor } from "./settings.ts";

/**
 * The chat's parts, each as given or its default: the index of the build in `dist/` (the
 * Netlify function carries that file, `netlify.toml`'s `included_files`), the provider saved
 * in /bms over the environment's (its key opened with `secret`), the `openai` client,
 * `AI_TIMEOUT_MS`, `CHAT_RATE_PER_MINUTE`.
 */
export function chatOptions(given: Partial<ChatOptions> = {}, secret?: string): ChatOptions {
  return {
    index: given.index ?? builtSiteChatIndex(() => "dist"),
    config: given.config ?? ((db) => aiConfigFor(db, process.env, secret)),
    modelOf: given.modelOf ?? openAiModel,
    timeouts: given.timeouts ?? chatTimeoutsFromEnv(process.env),
    rates: given.rates ?? chatRates(process.env),
  };
}

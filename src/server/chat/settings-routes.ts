import { Hono } from "hono";
import { saveAiSettingsSchema } from "../../shared/ai-settings.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { jsonBody } from "../http/validate.ts";
import { openAiModel } from "./provider.ts";
import { aiConfigOf, getAiSettings, saveAiSettings, testProvider } from "./settings.ts";

/**
 * `GET /api/admin/ai`: the chat's provider as saved here, what the environment sets, whether a
 * key is kept (never the key). `PUT /api/admin/ai`: saves it; the next question uses it.
 * `POST /api/admin/ai/test`: whether the provider of the settings given (saved or not) answers.
 * `secret` seals the key (`APP_SECRET`, or a server's own: src/server/chat/secret-box.ts).
 */
export function aiSettingsRoutes(secret: string | undefined, modelOf = openAiModel) {
  return new Hono<AppEnv>()
    .get("/admin/ai", requireAdmin, async (c) =>
      ok(c, await getAiSettings(c.var.db, process.env, secret)),
    )
    .put("/admin/ai", requireAdmin, jsonBody(saveAiSettingsSchema), async (c) =>
      ok(
        c,
        await saveAiSettings(c.var.db, c.req.valid("json"), {
          env: process.env,
          secret,
          actor: c.var.user?.id ?? null,
        }),
        "Saved",
      ),
    )
    .post("/admin/ai/test", requireAdmin, jsonBody(saveAiSettingsSchema), async (c) => {
      const config = await aiConfigOf(c.var.db, c.req.valid("json"), process.env, secret);
      return ok(c, await testProvider(config, (given) => modelOf(given)));
    });
}

import { Hono } from "hono";
import { saveSettingsSchema } from "../../shared/kinds/settings.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { saveExpectation } from "../http/preconditions.ts";
import { jsonBody } from "../http/validate.ts";
import { getSettings, saveSettings } from "./settings.ts";

/**
 * `GET /api/admin/settings`: the settings, saved or the defaults, with when they were saved.
 * `PUT /api/admin/settings`: every setting, over the version opened (`If-Match: "<updatedAt>"`,
 * or `If-None-Match: *` while none were saved; a 409 when saved elsewhere since).
 */
export const settingsRoutes = new Hono<AppEnv>()
  .get("/admin/settings", requireAdmin, async (c) => ok(c, await getSettings(c.var.db)))
  .put("/admin/settings", requireAdmin, jsonBody(saveSettingsSchema), async (c) =>
    ok(
      c,
      await saveSettings(
        { db: c.var.db, publisher: c.var.publisher, actor: c.var.user?.id ?? null },
        c.req.valid("json"),
        saveExpectation(c),
      ),
      "Saved",
    ),
  );

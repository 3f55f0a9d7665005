import { Hono } from "hono";
import { feedbackSubmissionSchema } from "../../shared/feedback.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { jsonBody } from "../http/validate.ts";
import { insertFeedback } from "./repository.ts";

export const feedbackRoutes = new Hono<AppEnv>().post(
  "/createFeedback",
  jsonBody(feedbackSubmissionSchema),
  async (c) => {
    const input = c.req.valid("json");
    const row = await insertFeedback(c.var.db, input, c.var.user?.id ?? null);
    return ok(c, { id: row.id, status: row.status, receivedAt: row.receivedAt.toISOString() });
  },
);

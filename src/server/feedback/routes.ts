import { Hono } from "hono";
import {
  feedbackReplySchema,
  feedbackStatusUpdateSchema,
  listFeedbackQuerySchema,
} from "../../shared/auth.ts";
import { feedbackSubmissionSchema } from "../../shared/feedback.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { caller, requireAdmin } from "../http/middleware.ts";
import { FEEDBACK_RATE, rateLimit } from "../http/rate-limit.ts";
import { idParamSchema, jsonBody, pathParams, queryParams } from "../http/validate.ts";
import { whileOpen } from "../site-config/settings.ts";
import {
  answerFeedback,
  changeFeedbackStatus,
  feedbackReplies,
  listFeedbackPage,
  receiveFeedback,
  removeFeedback,
  statusHistory,
} from "./service.ts";

export const feedbackRoutes = new Hono<AppEnv>()
  .post(
    "/createFeedback",
    whileOpen("feedbackOpen"),
    rateLimit(FEEDBACK_RATE),
    jsonBody(feedbackSubmissionSchema),
    async (c) => {
      const input = c.req.valid("json");
      return ok(c, await receiveFeedback(c.var.db, input, c.var.user?.id ?? null));
    },
  )
  .get("/getAllFeedback", requireAdmin, queryParams(listFeedbackQuerySchema), async (c) =>
    ok(c, await listFeedbackPage(c.var.db, c.req.valid("query"))),
  )
  .put(
    "/feedback/:id/status",
    requireAdmin,
    pathParams(idParamSchema),
    jsonBody(feedbackStatusUpdateSchema),
    async (c) =>
      ok(
        c,
        await changeFeedbackStatus(
          c.var.db,
          caller(c).id,
          c.req.valid("param").id,
          c.req.valid("json"),
        ),
        "Status changed",
      ),
  )
  .get("/feedback/:id/history", requireAdmin, pathParams(idParamSchema), async (c) =>
    ok(c, await statusHistory(c.var.db, c.req.valid("param").id)),
  )
  // --- Answering: replies mailed to the writer and notes kept here; deleting a record
  .get("/feedback/:id/replies", requireAdmin, pathParams(idParamSchema), async (c) =>
    ok(c, await feedbackReplies(c.var.db, c.req.valid("param").id)),
  )
  .post(
    "/feedback/:id/replies",
    requireAdmin,
    pathParams(idParamSchema),
    jsonBody(feedbackReplySchema),
    async (c) => {
      const input = c.req.valid("json");
      const written = await answerFeedback(
        { db: c.var.db, mailer: c.var.mailer },
        caller(c).id,
        c.req.valid("param").id,
        input,
      );
      return ok(c, written, input.kind === "reply" ? "Reply sent" : "Note kept");
    },
  )
  .delete("/feedback/:id", requireAdmin, pathParams(idParamSchema), async (c) =>
    ok(c, await removeFeedback(c.var.db, c.req.valid("param").id), "Deleted"),
  );

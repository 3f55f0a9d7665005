import { type Context, Hono } from "hono";
import {
  auditLogFilterSchema,
  auditLogQuerySchema,
  logIdParamSchema,
  requestLogFilterSchema,
  requestLogQuerySchema,
} from "../../shared/logs.ts";
import type { AppEnv } from "../http/context.ts";
import { ok } from "../http/envelope.ts";
import { requireAdmin } from "../http/middleware.ts";
import { pathParams, queryParams } from "../http/validate.ts";
import {
  auditActions,
  auditLogEntry,
  exportAuditLogs,
  exportRequestLogs,
  listAuditLogs,
  listRequestLogs,
  requestLogEntry,
} from "./service.ts";

/** A CSV export, streamed as it is read, named for the log and the day. */
function csv(c: Context<AppEnv>, name: string, lines: AsyncGenerator<string>): Response {
  const day = new Date().toISOString().slice(0, 10);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}-${day}.csv"`,
    "cache-control": "no-store",
  });
}

const logId = pathParams(logIdParamSchema);

/** The log center: the request log (`/admin/logs`) and the audit log (`/admin/audit`). */
export const logRoutes = new Hono<AppEnv>()
  .get("/admin/logs", requireAdmin, queryParams(requestLogQuerySchema), async (c) =>
    ok(c, await listRequestLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/logs/export", requireAdmin, queryParams(requestLogFilterSchema), async (c) =>
    csv(c, "requests", await exportRequestLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/logs/:id", requireAdmin, logId, async (c) =>
    ok(c, await requestLogEntry(c.var.db, c.req.valid("param").id)),
  )
  .get("/admin/audit", requireAdmin, queryParams(auditLogQuerySchema), async (c) =>
    ok(c, await listAuditLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/audit/actions", requireAdmin, async (c) => ok(c, await auditActions(c.var.db)))
  .get("/admin/audit/export", requireAdmin, queryParams(auditLogFilterSchema), async (c) =>
    csv(c, "audit", await exportAuditLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/audit/:id", requireAdmin, logId, async (c) =>
    ok(c, await auditLogEntry(c.var.db, c.req.valid("param").id)),
  );

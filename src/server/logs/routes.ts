import { Hono } from "hono";
import {
  auditLogFilterSchema,
  auditLogQuerySchema,
  logIdParamSchema,
  requestLogFilterSchema,
  requestLogQuerySchema,
} from "../../shared/logs.ts";
import type { AppEnv } from "../http/context.ts";
import { csvResponse } from "../http/csv.ts";
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

const logId = pathParams(logIdParamSchema);

/** The log center: the request log (`/admin/logs`) and the audit log (`/admin/audit`). */
export const logRoutes = new Hono<AppEnv>()
  .get("/admin/logs", requireAdmin, queryParams(requestLogQuerySchema), async (c) =>
    ok(c, await listRequestLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/logs/export", requireAdmin, queryParams(requestLogFilterSchema), async (c) =>
    csvResponse(c, "requests", await exportRequestLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/logs/:id", requireAdmin, logId, async (c) =>
    ok(c, await requestLogEntry(c.var.db, c.req.valid("param").id)),
  )
  .get("/admin/audit", requireAdmin, queryParams(auditLogQuerySchema), async (c) =>
    ok(c, await listAuditLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/audit/actions", requireAdmin, async (c) => ok(c, await auditActions(c.var.db)))
  .get("/admin/audit/export", requireAdmin, queryParams(auditLogFilterSchema), async (c) =>
    csvResponse(c, "audit", await exportAuditLogs(c.var.db, c.req.valid("query"))),
  )
  .get("/admin/audit/:id", requireAdmin, logId, async (c) =>
    ok(c, await auditLogEntry(c.var.db, c.req.valid("param").id)),
  );

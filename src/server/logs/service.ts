import {
  type AuditLogFilter,
  type AuditLogItem,
  type AuditLogQuery,
  type AuditLogRecord,
  LOG_COUNT_CAP,
  LOG_EXPORT_MAX,
  type LogPage,
  maskIp,
  type RequestLogFilter,
  type RequestLogQuery,
  type RequestLogRecord,
} from "../../shared/logs.ts";
import type { Db } from "../db/client.ts";
import { csvOf } from "../http/csv.ts";
import { ApiError } from "../http/errors.ts";
import { periodic } from "../periodic.ts";
import * as repo from "./repository.ts";

// The log center's rules: entries answered with their address masked and their user named,
// pages counted up to a cap, exports refused past their limit, and how long entries are kept.

const requestRecord = (row: repo.RequestLogRow): RequestLogRecord => ({
  id: row.id,
  at: row.at.toISOString(),
  method: row.method,
  path: row.path,
  status: row.status,
  durationMs: row.durationMs,
  user: row.userId ? { id: row.userId, name: row.userName ?? "" } : null,
  ip: maskIp(row.ip),
  userAgent: row.userAgent,
});

const auditItem = (row: repo.AuditLogRow): AuditLogItem => ({
  id: row.id,
  at: row.at.toISOString(),
  // The name now, or the one kept then when the account is gone.
  actor:
    row.actorId || row.actorName
      ? { id: row.actorId, name: row.currentName ?? row.actorName }
      : null,
  action: row.action,
  method: row.method,
  path: row.path,
  targetId: row.targetId,
  targetLabel: row.targetLabel,
  ip: maskIp(row.ip),
  userAgent: row.userAgent,
});

const auditRecord = (row: repo.AuditLogRow): AuditLogRecord => ({
  ...auditItem(row),
  before: row.before,
  after: row.after,
  request: row.request,
});

const paging = ({ page, pageSize }: { page: number; pageSize: number }) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

function logPage<T>(
  query: { page: number; pageSize: number },
  items: T[],
  total: number,
  cap: number,
): LogPage<T> {
  const capped = total > cap;
  return {
    items,
    total: capped ? cap : total,
    capped,
    page: query.page,
    pageSize: query.pageSize,
    retentionDays: retentionDays(),
  };
}

export async function listRequestLogs(
  db: Db,
  query: RequestLogQuery,
  cap = LOG_COUNT_CAP,
): Promise<LogPage<RequestLogRecord>> {
  const { rows, total } = await repo.requestLogPage(
    db,
    await repo.requestLogWhere(db, query),
    paging(query),
    cap,
  );
  return logPage(query, rows.map(requestRecord), total, cap);
}

export async function requestLogEntry(db: Db, id: number): Promise<RequestLogRecord> {
  const row = await repo.findRequestLog(db, id);
  if (!row) throw new ApiError(404, "not_found", "No such log entry");
  return requestRecord(row);
}

export async function listAuditLogs(
  db: Db,
  query: AuditLogQuery,
  cap = LOG_COUNT_CAP,
): Promise<LogPage<AuditLogItem>> {
  const { rows, total } = await repo.auditLogPage(
    db,
    repo.auditLogWhere(db, query),
    paging(query),
    cap,
  );
  return logPage(query, rows.map(auditItem), total, cap);
}

export async function auditLogEntry(db: Db, id: number): Promise<AuditLogRecord> {
  const row = await repo.findAuditLog(db, id);
  if (!row) throw new ApiError(404, "not_found", "No such audit entry");
  return auditRecord(row);
}

export const auditActions = (db: Db) => repo.auditActions(db);

// --- CSV ---------------------------------------------------------------------------------------

function tooMany(max: number): ApiError {
  return new ApiError(
    400,
    "validation",
    `This filter matches more than ${max} entries: narrow it (a shorter time range) to export it`,
    {
      issues: [
        {
          field: "from",
          message: "too many entries to export",
          key: "bmsLogs.problems.exportTooLarge",
        },
      ],
    },
  );
}

/** The request log of a filter as CSV; refused when it holds more than `LOG_EXPORT_MAX` rows. */
export async function exportRequestLogs(db: Db, filter: RequestLogFilter, max = LOG_EXPORT_MAX) {
  const where = await repo.requestLogWhere(db, filter);
  const total = (await repo.requestLogPage(db, where, { limit: 0, offset: 0 }, max)).total;
  if (total > max) throw tooMany(max);
  return csvOf(
    ["time", "method", "path", "status", "duration_ms", "user", "address", "user_agent"],
    (page) => repo.requestLogRows(db, where, page),
    (row) => {
      const r = requestRecord(row);
      return [
        r.at,
        r.method,
        r.path,
        r.status,
        r.durationMs,
        r.user?.name ?? "",
        r.ip,
        r.userAgent,
      ];
    },
  );
}

/** The audit log of a filter as CSV (the items' states left out: the detail view has them). */
export async function exportAuditLogs(db: Db, filter: AuditLogFilter, max = LOG_EXPORT_MAX) {
  const where = repo.auditLogWhere(db, filter);
  const total = (await repo.auditLogPage(db, where, { limit: 0, offset: 0 }, max)).total;
  if (total > max) throw tooMany(max);
  return csvOf(
    ["time", "user", "action", "method", "path", "item", "item_label", "address", "user_agent"],
    (page) => repo.auditLogRows(db, where, page),
    (row) => {
      const r = auditItem(row);
      return [
        r.at,
        r.actor?.name ?? "",
        r.action,
        r.method,
        r.path,
        r.targetId,
        r.targetLabel,
        r.ip,
        r.userAgent,
      ];
    },
  );
}

// --- Retention --------------------------------------------------------------------------------

export const DEFAULT_RETENTION_DAYS = 90;

/** How many days entries are kept: `LOG_RETENTION_DAYS` (1 to 3650), else 90. */
export function retentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const days = Number(env.LOG_RETENTION_DAYS);
  return Number.isInteger(days) && days >= 1 && days <= 3650 ? days : DEFAULT_RETENTION_DAYS;
}

/** Deletes the entries of both logs older than the retention; how many went. */
export function pruneOldLogs(db: Db, now = new Date(), days = retentionDays()) {
  return repo.pruneLogs(db, new Date(now.getTime() - days * 86_400_000));
}

const PRUNE_EVERY_MS = 6 * 3_600_000;

/**
 * Prunes the logs now and every six hours after (`npm start`), then gathers the statistics of
 * the request log's texts (repository.ts analyzeRequestLogTexts: PGlite has no autovacuum); the
 * timer never keeps the process alive. A failed prune is said and tried again next time.
 */
export const pruneTimer = (db: Db) =>
  periodic("Log retention", PRUNE_EVERY_MS, async () => {
    const gone = await pruneOldLogs(db);
    if (gone.requests + gone.audit > 0) {
      console.log(`Log retention: ${gone.requests} request and ${gone.audit} audit entries pruned`);
    }
    await repo.analyzeRequestLogTexts(db);
  });

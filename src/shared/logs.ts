import { z } from "zod";
import { optionalQuery, pageFields } from "./auth.ts";

/**
 * The log center (`/bms/LogCenter`): the request log (every API request) and the audit log
 * (every admin write), their filters, their records, and what the back office may see of an
 * address (its last part masked). Filters are strict: an unknown one is refused, not ignored.
 */

export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];
export const LOG_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

/** How far back a filter may reach, and forward (a clock a little ahead). */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST_AHEAD_MS = 86_400_000;

/** A time of a filter: an ISO time with its zone, not before 2000 nor more than a day ahead. */
const filterTime = optionalQuery(
  z.iso.datetime({ offset: true, error: "must be an ISO time with its zone" }).refine((value) => {
    const at = Date.parse(value);
    return at >= EARLIEST && at <= Date.now() + LATEST_AHEAD_MS;
  }, "must be between 2000 and tomorrow"),
);

/** A range's end after its start. */
function checkRange(
  value: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.from && value.to && Date.parse(value.to) < Date.parse(value.from)) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "must not be before from" });
  }
}

/** What both logs filter by: a time range, who, and words. */
const commonFilters = {
  from: filterTime,
  to: filterTime,
  /** A user's name or email, or part of it. */
  user: optionalQuery(z.string().trim().max(100)),
  /** Words anywhere in the entry's path, address or browser (the audit log: also its item). */
  q: optionalQuery(z.string().trim().max(200)),
};

const requestFilters = {
  ...commonFilters,
  status: optionalQuery(z.enum(STATUS_CLASSES, { error: "must be 2xx, 3xx, 4xx or 5xx" })),
  method: optionalQuery(z.enum(LOG_METHODS, { error: "must be an HTTP method" })),
  /** The path starts with this. */
  path: optionalQuery(z.string().trim().max(200)),
};

const auditFilters = {
  ...commonFilters,
  /** One action (`articles.update`), or a resource's (`articles`). */
  action: optionalQuery(
    z
      .string()
      .trim()
      .max(80)
      .regex(/^[a-z0-9-]+(?:\.[a-z0-9-]+)*$/, "must be an action such as articles.update"),
  ),
};

/** `GET /api/admin/logs/export` and `/api/admin/audit/export`: a filter. */
export const requestLogFilterSchema = z.strictObject(requestFilters).superRefine(checkRange);
export const auditLogFilterSchema = z.strictObject(auditFilters).superRefine(checkRange);

/** `GET /api/admin/logs` and `/api/admin/audit`: a filter and a page of at most 100. */
export const requestLogQuerySchema = z
  .strictObject({ ...requestFilters, ...pageFields })
  .superRefine(checkRange);
export const auditLogQuerySchema = z
  .strictObject({ ...auditFilters, ...pageFields })
  .superRefine(checkRange);

export type RequestLogFilter = z.output<typeof requestLogFilterSchema>;
export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;
export type RequestLogQuery = z.output<typeof requestLogQuerySchema>;
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const logIdParamSchema = z.object({
  id: z.coerce
    .number({ error: "must be a log entry's number" })
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER),
});

/**
 * How many entries a list counts at most: past it the total reads "more than", so a filter over
 * a million rows answers at once.
 */
export const LOG_COUNT_CAP = 10_000;
/** How many rows one CSV export holds at most (about 20 MB); a wider filter is refused. */
export const LOG_EXPORT_MAX = 100_000;

/** Who did it, as the log shows them (their name now, or then when the account is gone). */
export interface LogActor {
  id: string | null;
  name: string;
}

export interface RequestLogRecord {
  id: number;
  at: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  user: LogActor | null;
  /** The address with its last part masked (`203.0.113.*`, `2001:db8:85a3:*`). */
  ip: string | null;
  userAgent: string | null;
}

export interface AuditLogItem {
  id: number;
  at: string;
  actor: LogActor | null;
  action: string;
  method: string;
  path: string;
  targetId: string | null;
  targetLabel: string;
  ip: string | null;
  userAgent: string | null;
}

/** An audit entry in full: the item before and after, and what was asked. */
export interface AuditLogRecord extends AuditLogItem {
  before: unknown;
  after: unknown;
  request: unknown;
}

/** A page of a log: `total` counts at most `LOG_COUNT_CAP` (`capped` past it). */
export interface LogPage<T> {
  items: T[];
  total: number;
  capped: boolean;
  page: number;
  pageSize: number;
  /** How many days entries are kept (`LOG_RETENTION_DAYS`). */
  retentionDays: number;
}

/**
 * An address with its last part masked, so the back office can tell visitors apart without
 * holding anyone's full address: IPv4's last number, IPv6's last five groups.
 */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.*`;
  if (ip.includes(":")) {
    // The first three groups (the network), unless the address starts with a run of zeros.
    if (ip.startsWith("::")) return "::*";
    const groups = ip.split(":").slice(0, 3);
    const kept = groups.slice(0, groups.indexOf("") === -1 ? 3 : groups.indexOf(""));
    return `${kept.join(":")}:*`;
  }
  return "*";
}

import { useQuery } from "@tanstack/react-query";
import { api, send } from "../../../shared/api-client.ts";
import { dataOf, saveFile, usePageQuery } from "../app/query.ts";
import type { AuditFilters, RequestFilters } from "./filters.ts";
import { auditQuery, requestQuery } from "./filters.ts";

// The log center's server state: a page of each log under its filters, one entry in full, the
// audit log's actions for its filter, and an export (a file, not an envelope).

const logsKey = ["logs"] as const;

/** How many entries a page holds. */
export const LOG_PAGE_SIZE = 50;

export const useRequestLogPage = (filters: RequestFilters, page: number) =>
  usePageQuery(
    [...logsKey, "requests"],
    filters,
    page,
    ({ page, pageSize, ...chosen }) =>
      send(api.admin.logs.$get({ query: { ...requestQuery(chosen), page, pageSize } })),
    LOG_PAGE_SIZE,
  );

export const useAuditLogPage = (filters: AuditFilters, page: number) =>
  usePageQuery(
    [...logsKey, "audit"],
    filters,
    page,
    ({ page, pageSize, ...chosen }) =>
      send(api.admin.audit.$get({ query: { ...auditQuery(chosen), page, pageSize } })),
    LOG_PAGE_SIZE,
  );

export const useAuditActions = () =>
  useQuery({
    queryKey: [...logsKey, "actions"],
    queryFn: () => dataOf(send(api.admin.audit.actions.$get())),
  });

export const useRequestEntry = (id: number | null) =>
  useQuery({
    queryKey: [...logsKey, "requests", "entry", id],
    enabled: id !== null,
    queryFn: () => dataOf(send(api.admin.logs[":id"].$get({ param: { id: String(id) } }))),
  });

export const useAuditEntry = (id: number | null) =>
  useQuery({
    queryKey: [...logsKey, "audit", "entry", id],
    enabled: id !== null,
    queryFn: () => dataOf(send(api.admin.audit[":id"].$get({ param: { id: String(id) } }))),
  });

/**
 * A CSV export of a log under its filters, saved by the browser under the server's name for it;
 * a refused one (too many entries) fails as any call does, with the server's words.
 */
export async function downloadExport(
  log: "requests" | "audit",
  filters: RequestFilters | AuditFilters,
): Promise<string> {
  return saveFile(
    log === "requests"
      ? api.admin.logs.export.$get({ query: requestQuery(filters) })
      : api.admin.audit.export.$get({ query: auditQuery(filters) }),
    `${log}.csv`,
  );
}

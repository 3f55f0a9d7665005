import { localToIso } from "../app/time.ts";

// The log center's filters as the screen keeps them (text, in the address: "" for any; times as
// their datetime-local fields hold them) and as the API takes them (ISO times with their zone,
// only those set).

export const REQUEST_FILTERS = {
  from: "",
  to: "",
  status: "",
  method: "",
  path: "",
  user: "",
  q: "",
};
export type RequestFilters = typeof REQUEST_FILTERS;

export const AUDIT_FILTERS = { from: "", to: "", action: "", user: "", q: "" };
export type AuditFilters = typeof AUDIT_FILTERS;

/** The filters set, each trimmed, a time made ISO (one that is not a time is left out). */
function chosen(filters: Record<string, string>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, raw] of Object.entries(filters)) {
    const value = raw.trim();
    if (!value) continue;
    if (name === "from" || name === "to") {
      const iso = localToIso(value);
      if (iso) query[name] = iso;
    } else query[name] = value;
  }
  return query;
}

export const requestQuery = (filters: Partial<RequestFilters>) => chosen(filters);
export const auditQuery = (filters: Partial<AuditFilters>) => chosen(filters);

/** Whether a range's end comes before its start (the server refuses it; the form says so first). */
export const rangeBackwards = (filters: { from: string; to: string }) => {
  const from = localToIso(filters.from);
  const to = localToIso(filters.to);
  return Boolean(from && to && Date.parse(to) < Date.parse(from));
};

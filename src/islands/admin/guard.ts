import { api, send } from "../../shared/api-client.ts";

export type Access = "checking" | "admin" | "denied" | "login";

/**
 * SPEC.md section 6: ask the server before showing anything. A failed or erroring check means
 * log in again; a valid non-admin goes to /unauthorized.
 */
export async function checkAccess(): Promise<Exclude<Access, "checking">> {
  try {
    const result = await send(api.verifyIdentity.$get());
    if (!result.success || !result.data.success) return "login";
    return result.data.isAdmin ? "admin" : "denied";
  } catch {
    return "login";
  }
}

export function loginUrl(location: Pick<Location, "pathname" | "search">): string {
  return `/register-login?next=${encodeURIComponent(location.pathname + location.search)}`;
}

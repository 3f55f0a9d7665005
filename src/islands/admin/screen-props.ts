import type { Translate } from "../../i18n/core.ts";
import type { AdminRoute } from "./routes.ts";

/** What every back-office screen gets from the shell. */
export interface ScreenProps {
  t: Translate;
  /** The query string of the current address (`?id=…` for an editor), without the `?`. */
  search: string;
  /**
   * Goes to another screen (or the same one with another query), as a link click would; asks
   * first while a form holds unsaved changes (`useLeaveGuard`), unless `saved` says the change
   * was just stored.
   */
  navigate: (route: AdminRoute, search?: string, options?: { saved?: boolean }) => void;
}

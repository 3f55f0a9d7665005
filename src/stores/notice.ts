import { isMessageKey, type ReaderKey } from "../i18n/reader.ts";
import { STORAGE_KEYS } from "../shared/storage-keys.ts";

// A one-time notice carried across a page change in this tab: a form that succeeds and leaves
// ("Registration successful", then on to the page the reader came from) leaves its message here,
// and the next page shows it once (the header's account island: src/islands/account/). Kept in
// sessionStorage, so it never reaches another tab and is gone with the tab.

/** Leaves `key`'s message for the next page this tab opens. */
export function leaveNotice(key: ReaderKey): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.notice, key);
  } catch {
    // Storage refused (a private mode): the page before said it, for a moment.
  }
}

/** The message the page before left, once: read and forgotten. Anything else stored is ignored. */
export function takeNotice(): ReaderKey | null {
  try {
    const key = sessionStorage.getItem(STORAGE_KEYS.notice);
    sessionStorage.removeItem(STORAGE_KEYS.notice);
    return key !== null && isMessageKey(key) ? key : null;
  } catch {
    return null;
  }
}

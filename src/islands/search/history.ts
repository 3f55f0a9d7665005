/** Search history in localStorage: the last 10 searches, newest first, without repeats. */
export const HISTORY_KEY = "search-history";
export const HISTORY_LIMIT = 10;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readHistory(storage: Store): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(HISTORY_KEY) ?? "[]");
    return Array.isArray(parsed)
      ? parsed
          .filter((q): q is string => typeof q === "string" && q.trim() !== "")
          .slice(0, HISTORY_LIMIT)
      : [];
  } catch {
    return [];
  }
}

export function addToHistory(storage: Store, query: string): string[] {
  const q = query.trim();
  if (!q) return readHistory(storage);
  const next = [
    q,
    ...readHistory(storage).filter((item) => item.toLowerCase() !== q.toLowerCase()),
  ].slice(0, HISTORY_LIMIT);
  try {
    storage.setItem(HISTORY_KEY, JSON.stringify(next));
  } catch {
    // full or unavailable storage: the search still works, only unremembered
  }
  return next;
}

export function clearHistory(storage: Store): void {
  try {
    storage.removeItem(HISTORY_KEY);
  } catch {
    // nothing to clear
  }
}

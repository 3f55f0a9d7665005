import { useEffect, useState } from "react";
import type { Page } from "../../../shared/auth.ts";
import type { Load } from "../paged.tsx";

/**
 * The page to show: the loaded one, or while the next loads (after an edit or a filter change)
 * the last one shown, so items keep their place and focus instead of flashing away.
 */
export function useLastPage<T>(load: Load<T>): Page<T> | null {
  const [last, setLast] = useState<Page<T> | null>(null);
  useEffect(() => {
    if (load.state === "ready") setLast(load.page);
  }, [load]);
  if (load.state === "ready") return load.page;
  return load.state === "loading" ? last : null;
}

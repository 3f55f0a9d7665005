import { useCallback, useMemo, useOptimistic, useState, useTransition } from "react";

export interface Shown<T> {
  item: T;
  /** Still on its way to the server: shown, but not yet kept. */
  pending: boolean;
}

/**
 * A list the reader adds to through a slow server, shown at once: React 19's `useOptimistic`
 * puts the new item on screen (marked pending) while the save runs in a transition, and the list
 * the server answered with replaces it when the transition ends. If the save fails, the
 * optimistic item simply disappears (nothing to undo by hand) and `failed` names it.
 *
 * The pitfalls it avoids: adding the item to the real state before the server said yes, and then
 * writing a rollback that races later additions; and React 19's rule that a state update after
 * an `await` is no longer part of the transition unless wrapped in `startTransition` again.
 */
export function useOptimisticList<T>(
  initial: readonly T[],
  save: (item: T) => Promise<T>,
): {
  shown: Shown<T>[];
  add: (item: T) => void;
  saving: boolean;
  failed: T | null;
} {
  const [kept, setKept] = useState<readonly T[]>(initial);
  const [failed, setFailed] = useState<T | null>(null);
  const [saving, startTransition] = useTransition();
  const confirmed = useMemo(() => kept.map((item) => ({ item, pending: false })), [kept]);
  const [shown, addShown] = useOptimistic(confirmed, (current: Shown<T>[], item: T) => [
    ...current,
    { item, pending: true },
  ]);

  const add = useCallback(
    (item: T) => {
      setFailed(null);
      startTransition(async () => {
        addShown(item);
        try {
          const saved = await save(item);
          startTransition(() => setKept((list) => [...list, saved]));
        } catch {
          startTransition(() => setFailed(item));
        }
      });
    },
    [save, addShown],
  );

  return { shown, add, saving, failed };
}

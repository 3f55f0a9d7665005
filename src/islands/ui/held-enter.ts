import { type RefObject, useEffect } from "react";
import { HELD_ENTER_ATTRIBUTE } from "../../shared/held-enter.ts";

/**
 * Once, on mount: when Enter was pressed in `ref`'s field while the island loaded (the
 * `client:interaction` directive marked it), takes the mark off and calls `onEnter` with the
 * field's words, as the island's own Enter would have.
 */
export function useHeldEnter(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  onEnter: (words: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a held Enter is taken once, on mount
  useEffect(() => {
    const field = ref.current;
    if (!field?.hasAttribute(HELD_ENTER_ATTRIBUTE)) return;
    field.removeAttribute(HELD_ENTER_ATTRIBUTE);
    onEnter(field.value);
  }, []);
}

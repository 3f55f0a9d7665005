import { useEffect } from "react";

// Every back-office form with unsaved changes asks before it is left: a move to another screen
// asks through the shell's `navigate` (`hasUnsavedChanges`), closing or reloading the tab through
// the browser's own `beforeunload` prompt.

const dirtyForms = new Set<symbol>();

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
}

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const key = Symbol("dirty form");
    dirtyForms.add(key);
    if (dirtyForms.size === 1) window.addEventListener("beforeunload", onBeforeUnload);
    return () => {
      dirtyForms.delete(key);
      if (dirtyForms.size === 0) window.removeEventListener("beforeunload", onBeforeUnload);
    };
  }, [dirty]);
}

/** Whether a form on the screen (one that uses `useLeaveGuard`) holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

import { act, createElement } from "react";
import { createRoot, type Root } from "react-dom/client";

// What the hooks' tests share: a hook rendered in a real React root (happy-dom's document),
// its newest result, and updates flushed with act as React does in a browser.

declare global {
  // React reads this to know that act() drives the updates.
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered<P, R> {
  /** The hook's result in the newest render. */
  readonly current: R;
  /** Every result, one per render. */
  readonly all: R[];
  rerender(props: P): Promise<void>;
  unmount(): Promise<void>;
}

/** Calls the hook in a render and keeps what it returned. */
function Probe<P, R>({ hook, p, all }: { hook: (props: P) => R; p: P; all: R[] }) {
  all.push(hook(p));
  return null;
}

export async function renderHook<P, R>(hook: (props: P) => R, props: P): Promise<Rendered<P, R>> {
  const all: R[] = [];
  const container = document.createElement("div");
  document.body.append(container);
  let root: Root | null = createRoot(container);
  await act(async () => root?.render(createElement(Probe<P, R>, { hook, p: props, all })));
  return {
    get current() {
      const last = all[all.length - 1];
      if (last === undefined && all.length === 0) throw new Error("the hook never rendered");
      // Checked above: at least one render happened, whose result may itself be undefined.
      return last as R;
    },
    all,
    async rerender(next) {
      await act(async () => root?.render(createElement(Probe<P, R>, { hook, p: next, all })));
    },
    async unmount() {
      await act(async () => root?.unmount());
      root = null;
      container.remove();
    },
  };
}

/** Advances fake timers inside act, so the updates they cause are rendered. */
export async function advance(ms: number, vi: { advanceTimersByTime(ms: number): unknown }) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

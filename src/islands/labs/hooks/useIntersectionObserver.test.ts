// @vitest-environment happy-dom
import { act, createElement } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import "./test-support.ts";
import { useIntersectionObserver } from "./useIntersectionObserver.ts";

// A stand-in for the browser's observer: the test says when an element comes into view.
class FakeObserver {
  static all: FakeObserver[] = [];
  watched: Element[] = [];
  disconnected = false;
  readonly callback: (entries: Array<{ isIntersecting: boolean }>) => void;
  readonly options: { rootMargin?: string; threshold?: number };
  constructor(
    callback: (entries: Array<{ isIntersecting: boolean }>) => void,
    options: { rootMargin?: string; threshold?: number },
  ) {
    this.callback = callback;
    this.options = options;
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.watched.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    this.callback([{ isIntersecting }]);
  }
}

function Box({ once, seen }: { once: boolean; seen: boolean[] }) {
  const [ref, visible] = useIntersectionObserver({ rootMargin: "0px 0px 100px", once });
  seen.push(visible);
  return createElement("div", { ref }, visible ? "shown" : "waiting");
}

async function mount(once: boolean) {
  const seen: boolean[] = [];
  const container = document.createElement("div");
  const root = createRoot(container);
  await act(async () => root.render(createElement(Box, { once, seen })));
  return { seen, container, root };
}

describe("useIntersectionObserver", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeObserver.all = [];
  });

  it("watches the element with the options and follows it in and out of view", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container, root } = await mount(false);
    const observer = FakeObserver.all.at(-1);
    expect(observer?.watched).toEqual([container.firstChild]);
    expect(observer?.options.rootMargin).toBe("0px 0px 100px");
    expect(container.textContent).toBe("waiting");
    await act(async () => observer?.show(true));
    expect(container.textContent).toBe("shown");
    await act(async () => observer?.show(false));
    expect(container.textContent).toBe("waiting");
    await act(async () => root.unmount());
    expect(observer?.disconnected).toBe(true);
  });

  it("stops watching once seen when asked to reveal once", async () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { container, root } = await mount(true);
    const observer = FakeObserver.all.at(-1);
    await act(async () => observer?.show(true));
    expect(container.textContent).toBe("shown");
    expect(observer?.disconnected).toBe(true);
    await act(async () => root.unmount());
  });

  it("counts the element as seen where there is no observer, so nothing stays hidden", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const { container, root } = await mount(true);
    expect(container.textContent).toBe("shown");
    await act(async () => root.unmount());
  });
});

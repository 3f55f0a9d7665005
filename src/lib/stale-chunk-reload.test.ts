import { describe, expect, it } from "vitest";
import { headScript } from "./head-script.ts";
import { STALE_CHUNK_KEY, STALE_CHUNK_RELOAD } from "./stale-chunk-reload.ts";

type Listener = (event: { payload?: unknown; detail?: unknown }) => void;

/** A page that runs the script: its listeners, its reloads, and the tab's session storage. */
function open(session: Record<string, string> | null, path = "/about/") {
  const listeners = new Map<string, Listener[]>();
  const page = { reloads: 0 };
  const storage =
    session ??
    new Proxy<Record<string, string>>(
      {},
      {
        get() {
          throw new Error("storage is off");
        },
      },
    );
  new Function("addEventListener", "location", "sessionStorage", STALE_CHUNK_RELOAD)(
    (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    { pathname: path, reload: () => page.reloads++ },
    storage,
  );
  const fire = (type: string, event: { payload?: unknown; detail?: unknown }) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { page, fire };
}

const islandFailed = (url: string) => ({
  detail: {
    componentUrl: url,
    error: new TypeError(`Failed to fetch dynamically imported module: ${url}?astro-retry=1`),
  },
});

describe("the reload of a page whose chunks are gone", () => {
  it("reloads once when an island's chunk fails, and not again for the same chunk", () => {
    const session: Record<string, string> = {};
    const first = open(session);
    first.fire("astro:hydration-error", islandFailed("/_astro/SearchBox.abc.js"));
    expect(first.page.reloads).toBe(1);
    expect(session[`${STALE_CHUNK_KEY}/about/`]).toBe("/_astro/SearchBox.abc.js");
    // The reloaded page still names the same chunk, which fails again: no loop.
    const again = open(session);
    again.fire("astro:hydration-error", islandFailed("/_astro/SearchBox.abc.js"));
    expect(again.page.reloads).toBe(0);
    // The next publish (another chunk) on the same open page reloads once more.
    again.fire("astro:hydration-error", islandFailed("/_astro/SearchBox.def.js"));
    expect(again.page.reloads).toBe(1);
  });

  it("reloads on Vite's preload error, once per chunk and page", () => {
    const session: Record<string, string> = {};
    const failed = { payload: new Error("Unable to preload CSS for /_astro/x.css") };
    const page = open(session);
    page.fire("vite:preloadError", failed);
    page.fire("vite:preloadError", failed);
    expect(page.page.reloads).toBe(1);
    const other = open(session, "/articles/");
    other.fire("vite:preloadError", failed);
    expect(other.page.reloads).toBe(1);
  });

  it("never reloads for an island's own error, or without session storage to guard it", () => {
    const page = open({});
    page.fire("astro:hydration-error", {
      detail: { componentUrl: "/_astro/A.js", error: new TypeError("x is undefined") },
    });
    page.fire("astro:hydration-error", {});
    expect(page.page.reloads).toBe(0);
    const guardless = open(null);
    guardless.fire("astro:hydration-error", islandFailed("/_astro/A.js"));
    expect(guardless.page.reloads).toBe(0);
  });

  it("fits with the head script in one inline script under 1 KB", () => {
    for (const locale of ["zh-CN", "en-US"] as const)
      expect(Buffer.byteLength(`${headScript(locale)};${STALE_CHUNK_RELOAD}`)).toBeLessThan(1024);
  });
});

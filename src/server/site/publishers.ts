import {
  lastRefreshLoaded,
  type RefreshContent,
  refreshContent,
} from "../../lib/content-source.ts";
import {
  type BuildMode,
  type BuildStatus,
  changeLine,
  type SiteChange,
} from "../../shared/build-status.ts";
import type { Publisher } from "../content/publisher.ts";
import { BuildLog } from "./build-log.ts";

// The Publisher port's implementations: what a content change sets off where the API runs.
//   Netlify:    the build hook (BUILD_HOOK_URL), so the CDN copy catches up;
//   npm start:  a background build swapped in when done (rebuild.ts), and the hook when set;
//   astro dev:  a content refresh, so the next request shows the change.

/** Calls `run` once `delayMs` after the last of a burst of calls; one run at a time, and one more if asked meanwhile. */
export function debounced(run: (reasons: SiteChange[]) => Promise<void>, delayMs: number) {
  let timer: NodeJS.Timeout | undefined;
  let reasons: SiteChange[] = [];
  let running: Promise<void> | null = null;
  let again = false;
  const start = () => {
    timer = undefined;
    if (running) {
      again = true;
      return;
    }
    const batch = reasons;
    reasons = [];
    running = run(batch)
      .catch((error: unknown) => console.error("Publishing failed:", error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          start();
        }
      });
  };
  return {
    request(reason: SiteChange) {
      reasons.push(reason);
      if (timer) clearTimeout(timer);
      timer = setTimeout(start, delayMs);
      timer.unref?.();
    },
    /** Resolves when nothing is waiting or running (tests, shutdown). */
    async idle(): Promise<void> {
      while (timer || running) {
        if (running) await running;
        else await new Promise((r) => setTimeout(r, Math.min(delayMs, 50)));
      }
    },
  };
}

export interface HookPublisherOptions {
  url: string;
  delayMs?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** POSTs to a build hook (Netlify: Site settings → Build hooks) after a burst of changes. */
export function hookPublisher(
  options: HookPublisherOptions,
): Publisher & { idle(): Promise<void> } {
  const send = options.fetch ?? fetch;
  const log = options.log ?? console.log;
  // The host builds out of sight: the most this server knows is that the hook took the request.
  // (On Netlify each function instance keeps its own log, so another instance may know nothing.)
  const builds = new BuildLog();
  const queue = debounced(async (reasons) => {
    const id = builds.start();
    try {
      const response = await send(options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ reasons }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Build hook answered ${response.status}`);
    } catch (error) {
      builds.finish(id, "failed", error);
      throw error;
    }
    builds.finish(id, "requested");
    log(`Build hook called (${reasons.map(changeLine).join("; ")})`);
  }, options.delayMs ?? 2000);
  return {
    contentChanged(reason) {
      builds.queue(reason);
      queue.request(reason);
    },
    status: () => ({ mode: "hook", runs: builds.runs() }),
    idle: () => queue.idle(),
  };
}

/** How much each mode tells about the live site: a publisher made of several reports the best. */
const INSIGHT: Record<BuildMode, number> = { rebuild: 3, refresh: 2, hook: 1, none: 0 };

/** Every publisher in turn; the status of the one that sees the live site best. */
export function allOf(...publishers: Publisher[]): Publisher {
  return {
    contentChanged(reason) {
      for (const publisher of publishers) publisher.contentChanged(reason);
    },
    scheduleChanged() {
      for (const publisher of publishers) publisher.scheduleChanged?.();
    },
    status() {
      let best: BuildStatus = { mode: "none", runs: [] };
      for (const publisher of publishers) {
        const status = publisher.status?.();
        if (status && INSIGHT[status.mode] > INSIGHT[best.mode]) best = status;
      }
      return best;
    },
  };
}

/** Logs the change once: nothing is configured to rebuild the site. */
export function logOnlyPublisher(log: (line: string) => void = console.warn): Publisher {
  let told = false;
  return {
    status: () => ({ mode: "none", runs: [] }),
    contentChanged(reason) {
      if (told) return;
      told = true;
      log(
        `Content changed (${changeLine(reason)}), but BUILD_HOOK_URL is not set: the site shows it after the next deploy.`,
      );
    },
  };
}

let refreshing: Promise<void> = Promise.resolve();

/** `astro dev`: reloads the collections from files and database; the next request shows the change. */
export function devPublisher(loaderName: string): Publisher {
  const builds = new BuildLog();
  return {
    contentChanged(reason) {
      builds.queue(reason);
      const id = builds.start();
      // Left by the integration in astro.config.mjs (through src/lib/content-source.ts).
      const refresh = refreshContent();
      if (!refresh) {
        builds.finish(id, "failed", new Error("This dev server cannot reload its content"));
        return;
      }
      refreshing = refreshUntilLoaded(refresh, loaderName, {
        changedAt: Date.now(),
        reason: changeLine(reason),
      }).then(
        () => builds.finish(id, "live"),
        (error: unknown) => {
          builds.finish(id, "failed", error);
          console.error("Content refresh failed:", error);
        },
      );
    },
    status: () => ({ mode: "refresh", runs: builds.runs() }),
  };
}

/**
 * Refreshes until a collection has loaded this change or a later one. Astro resolves a refresh
 * it skipped (its content config still reloading after 5 s, on a busy machine): the page would
 * show the old content until the next change.
 */
export async function refreshUntilLoaded(
  refresh: RefreshContent,
  loaderName: string,
  context: { changedAt: number; reason: string },
  tries = 3,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await refresh({ loaders: [loaderName], context });
    if (lastRefreshLoaded() >= context.changedAt) return;
    if (attempt === tries) {
      throw new Error(`Astro skipped the content refresh ${tries} times: see its log above`);
    }
  }
}

/** Resolves when the last refresh asked for is done: the dev API answers after it, so the next page is fresh. */
export function devRefreshSettled(): Promise<void> {
  return refreshing;
}

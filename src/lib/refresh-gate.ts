import type { IncomingMessage, ServerResponse } from "node:http";
import type { RefreshContent } from "./content-source.ts";

// `astro dev`: a content refresh never overlaps a page render. Astro clears its cache of
// getStaticPaths when the refreshed store is written; a render that began before and ended
// after put the old paths back. An unpublished article then answered 200 until the next
// change (a CI run, while the dev search indexed every page). The gate holds new page
// requests while a refresh runs, and the refresh waits for the renders under way to end.

/** Requests that render no page: the API (it waits for the refresh) and Vite's own modules. */
const NOT_A_PAGE = /^\/(api(\/|\?|$)|@|node_modules\/|src\/)/;

export interface RefreshGate {
  /** Connect middleware: holds a page request while a refresh runs, counts it until it ends. */
  admit(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /** `refresh`, run once the renders under way have ended (or after `drainMs`), one at a time. */
  wrap(refresh: RefreshContent): RefreshContent;
}

export function refreshGate({ drainMs = 5000 } = {}): RefreshGate {
  let rendering = 0;
  const drained: Array<() => void> = [];
  /** Open when null; else resolves when the refresh under way ends. */
  let closed: Promise<void> | null = null;
  let line: Promise<unknown> = Promise.resolve();

  const ended = () => {
    rendering -= 1;
    if (rendering === 0) for (const done of drained.splice(0)) done();
  };

  /** Resolves when no render is under way, or after `drainMs` (a render that never ends). */
  const drain = () =>
    new Promise<void>((done) => {
      if (rendering === 0) return done();
      const timer = setTimeout(done, drainMs);
      drained.push(() => {
        clearTimeout(timer);
        done();
      });
    });

  return {
    admit(req, res, next) {
      if (NOT_A_PAGE.test(req.url ?? "/")) return next();
      const enter = async () => {
        while (closed) await closed;
        rendering += 1;
        let counted = true;
        const end = () => {
          if (!counted) return;
          counted = false;
          ended();
        };
        res.once("finish", end);
        res.once("close", end);
        next();
      };
      void enter();
    },
    wrap(refresh) {
      return (options) => {
        const run = line.then(async () => {
          let open = () => {};
          closed = new Promise<void>((resolve) => {
            open = resolve;
          });
          try {
            await drain();
            await refresh(options);
          } finally {
            closed = null;
            open();
          }
        });
        line = run.catch(() => {});
        return run;
      };
    },
  };
}

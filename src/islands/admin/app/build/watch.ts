import { type BuildRun, type BuildStatus, isPending } from "../../../../shared/build-status.ts";

// When the back office asks the server how the site's build is going. It asks once when it
// opens; again every `intervalMs` while a build is queued or building; after something the
// person did that may have changed content (a form sent, a button pressed), a few times until
// a new build shows up (`lookAroundPolls`). Otherwise it stays quiet: no polling while idle.

export interface WatchOptions {
  /** The server's status, or null when it could not be had (offline, logged out). */
  fetchStatus: () => Promise<BuildStatus | null>;
  onStatus: (status: BuildStatus) => void;
  /** Runs `run` after `ms`; returns a cancel. (setTimeout in the browser, a fake in tests.) */
  schedule: (run: () => void, ms: number) => () => void;
  intervalMs?: number;
  /** How many times to look for a new build after an action before giving up. */
  lookAroundPolls?: number;
}

export interface BuildWatch {
  /** Asks now (and keeps asking while a build is on its way). */
  check(): void;
  /** Something was done that may start a build: look for it for a little while. */
  nudge(): void;
  stop(): void;
  /** Whether a next question is scheduled or under way (for tests). */
  readonly active: boolean;
}

export const POLL_INTERVAL_MS = 1000;
export const LOOK_AROUND_POLLS = 6;

const newest = (status: BuildStatus | null): BuildRun | undefined => status?.runs[0];

export function buildWatch(options: WatchOptions): BuildWatch {
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const lookAroundPolls = options.lookAroundPolls ?? LOOK_AROUND_POLLS;
  let cancel: (() => void) | null = null;
  let inFlight = false;
  let stopped = false;
  /** Polls left to find the build an action set off; 0 when not looking. */
  let lookAround = 0;
  /** The newest build seen when the looking began. */
  let knownId = 0;
  let lastId = 0;

  const later = () => {
    cancel?.();
    cancel = options.schedule(() => {
      cancel = null;
      void ask();
    }, intervalMs);
  };

  async function ask() {
    if (stopped || inFlight) return;
    inFlight = true;
    let status: BuildStatus | null = null;
    try {
      status = await options.fetchStatus();
    } catch {
      status = null;
    } finally {
      inFlight = false;
    }
    if (stopped) return;
    if (status) options.onStatus(status);
    const run = newest(status);
    lastId = run?.id ?? lastId;
    // Found what the action set off; or nothing here ever builds, so nothing to look for.
    if ((run && run.id > knownId) || status?.mode === "none") lookAround = 0;
    if (status && isPending(run)) return later();
    if (lookAround > 0) {
      lookAround -= 1;
      return later();
    }
  }

  return {
    check() {
      cancel?.();
      cancel = null;
      void ask();
    },
    nudge() {
      if (stopped) return;
      knownId = lastId;
      lookAround = lookAroundPolls;
      if (!cancel && !inFlight) later();
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = null;
    },
    get active() {
      return cancel !== null || inFlight;
    },
  };
}

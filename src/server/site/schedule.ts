import type { Publisher } from "../content/publisher.ts";
import type { Db } from "../db/client.ts";
import { readMeta, writeMeta } from "../db/meta.ts";
import { bannerTimes, countDue } from "./repository.ts";
import { nextScheduledAt } from "./snapshot.ts";

// Scheduled items go live by themselves: the site is static, so "live" means a build that runs
// after their time. The self-hosted server keeps a timer for the next scheduled time; on
// Netlify a scheduled function (functions/publish-scheduled.mts) asks every few minutes whether
// anything fell due since it last called the build hook.

/** Longest single wait; the timer re-reads the database at least this often. */
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

export interface GoLiveTimer {
  /** Re-reads the next scheduled time (after any content change). */
  recheck(): Promise<void>;
  stop(): void;
}

/** `npm start`: asks `publisher` for a rebuild just after each scheduled time. */
export function goLiveTimer(
  db: Db,
  publisher: Publisher,
  now: () => Date = () => new Date(),
): GoLiveTimer {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const recheck = async () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (stopped) return;
    const at = await nextScheduledAt(db, now());
    if (!at || stopped) return;
    // A second late, so the build's clock is surely past the item's time.
    const wait = at.getTime() - now().getTime() + 1000;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (wait <= MAX_WAIT_MS) publisher.contentChanged({ action: "schedule.due" });
        recheck().catch((error: unknown) => console.error("Schedule check failed:", error));
      },
      Math.min(Math.max(wait, 0), MAX_WAIT_MS),
    );
    timer.unref?.();
  };
  return {
    recheck,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** A publisher that also re-arms the timer: a change may add, move or remove a scheduled time. */
export function withGoLiveTimer(publisher: Publisher, timer: GoLiveTimer): Publisher {
  return {
    contentChanged(reason) {
      publisher.contentChanged(reason);
      timer.recheck().catch((error: unknown) => console.error("Schedule check failed:", error));
    },
    scheduleChanged() {
      publisher.scheduleChanged?.();
      timer.recheck().catch((error: unknown) => console.error("Schedule check failed:", error));
    },
    status: () => publisher.status?.() ?? { mode: "none", runs: [] },
  };
}

const CHECKED_THROUGH = "scheduled-go-live-checked-through";

/**
 * Netlify's scheduled function: when a scheduled item's time (or a banner's start or end) fell
 * between the previous check and `now`, calls the build hook once. Returns how many fell due.
 */
export async function publishDueItems(
  db: Db,
  callHook: () => Promise<void>,
  now: Date = new Date(),
): Promise<number> {
  const checked = await readMeta(db, CHECKED_THROUGH);
  const since = checked ? new Date(checked) : new Date(0);
  const due = await countDue(db, since, now);
  // A banner that starts or ends in between changes the home page as much.
  const banners = (await bannerTimes(db)).filter(
    (at) => at.getTime() > since.getTime() && at.getTime() <= now.getTime(),
  ).length;
  const count = due + banners;
  if (count > 0) await callHook();
  await writeMeta(db, CHECKED_THROUGH, now.toISOString());
  return count;
}

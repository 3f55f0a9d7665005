// Work `npm start` does by itself on a clock: the log retention, the comment digest, the mails
// of new articles. On Netlify the scheduled function (functions/publish-scheduled.mts) does it.

/**
 * Runs `job` now and every `everyMs` after, one run at a time (a run still under way when the
 * next is due is not doubled). `runNow` runs it at once, or right after the run under way. A
 * failed run is said under `what` and tried again next time. The timer never keeps the process
 * alive; `stop` waits for a run under way, so it is called before the database closes.
 */
export function periodic(
  what: string,
  everyMs: number,
  job: () => Promise<unknown>,
): { runNow: () => void; stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = job()
      .then(() => undefined)
      .catch((error: unknown) => console.error(`${what} failed:`, error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

import type { MediaRecord } from "../../../../shared/kinds/media.ts";

// The uploads of a screen: every file dropped, pasted or chosen becomes a job, and the jobs run
// two at a time in the order they came (more may come while some run). Each job keeps how far
// it has got, so its progress bar and its outcome line can be drawn from it.

/** How many uploads run at once: both of a small server's cores busy, none waiting on a third. */
export const UPLOADS_AT_ONCE = 2;

export type UploadPhase = "waiting" | "sending" | "processing" | "done" | "failed";

export interface UploadJob {
  id: number;
  name: string;
  /** How much of the request is sent, 0 to 1. */
  sent: number;
  phase: UploadPhase;
  /** The image, once uploaded. */
  record?: MediaRecord;
  /** Why it failed (a `CallFailure` with the refusal's key, or another error). */
  error?: unknown;
}

/** New jobs for `files`, numbered on from `firstId`, all waiting. */
export function newJobs(files: readonly File[], firstId: number): UploadJob[] {
  return files.map((file, i) => ({ id: firstId + i, name: file.name, sent: 0, phase: "waiting" }));
}

/** The jobs with one of them changed. */
export function changeJob(
  jobs: readonly UploadJob[],
  id: number,
  change: Partial<Omit<UploadJob, "id" | "name">>,
): UploadJob[] {
  return jobs.map((job) => (job.id === id ? { ...job, ...change } : job));
}

/**
 * A request's progress as a job's: the part sent, and "processing" once all of it is (the
 * server then makes the variants, which takes a while for a large photo).
 */
export function progressOf(sent: number, total: number): Pick<UploadJob, "sent" | "phase"> {
  const part = total > 0 ? Math.min(1, sent / total) : 0;
  return { sent: part, phase: part >= 1 ? "processing" : "sending" };
}

export const isFinished = (job: UploadJob) => job.phase === "done" || job.phase === "failed";

/** How many of `jobs` are uploaded, refused and still to go. */
export function tally(jobs: readonly UploadJob[]) {
  const done = jobs.filter((job) => job.phase === "done").length;
  const failed = jobs.filter((job) => job.phase === "failed").length;
  return { done, failed, left: jobs.length - done - failed };
}

/**
 * Runs `work` on each item added, at most `limit` at a time, in the order added; items added
 * while others run wait for a free place. `work`'s failures are its own to report.
 */
export function createQueue<T>(limit: number, work: (item: T) => Promise<unknown>) {
  const waiting: T[] = [];
  let running = 0;
  function next() {
    while (running < limit) {
      const item = waiting.shift();
      if (item === undefined) return;
      running += 1;
      void work(item)
        .catch(() => {})
        .finally(() => {
          running -= 1;
          next();
        });
    }
  }
  return {
    add(items: readonly T[]) {
      waiting.push(...items);
      next();
    },
    /** How many run now. */
    running: () => running,
  };
}

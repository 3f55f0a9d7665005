import type { ImportProgress } from "../../shared/import-rules.ts";

// How far each running import has got, for the page that started it to ask while it waits.
// Kept in this process: on one server the page sees each step; where requests land on other
// instances (Netlify's functions) the answer is 404 and the page shows a bar without numbers.

/** How long an import's progress is kept after its last step. */
const KEEP_MS = 10 * 60 * 1000;
/** The most imports tracked at once (a flood of ids cannot grow the map). */
const MOST = 100;

const running = new Map<string, { progress: ImportProgress; at: number }>();

const keyOf = (actor: string, id: string) => `${actor}:${id}`;

/** Records a step of the import `id` started by `actor`. */
export function setProgress(actor: string, id: string, progress: ImportProgress, now = Date.now()) {
  for (const [key, entry] of running) if (now - entry.at > KEEP_MS) running.delete(key);
  const key = keyOf(actor, id);
  if (!running.has(key) && running.size >= MOST) {
    const oldest = running.keys().next().value;
    if (oldest !== undefined) running.delete(oldest);
  }
  running.delete(key);
  running.set(key, { progress, at: now });
}

/** The last step of the import `id`, if `actor` started it here; null otherwise. */
export function progressOf(actor: string, id: string): ImportProgress | null {
  return running.get(keyOf(actor, id))?.progress ?? null;
}

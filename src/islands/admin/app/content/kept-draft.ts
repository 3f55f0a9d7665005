import { diffLines } from "diff";
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { useEffect, useRef, useState } from "react";

// What the owner types is kept in the browser (IndexedDB) as they type: after a crash, a closed
// tab or a lost connection, the editor reopened offers it back, showing what differs from the
// saved item. A save, or a choice to discard, forgets it.

/** What is kept of a form: its values, when, and the saved item's time they were typed over. */
export interface KeptDraft<Fields> {
  fields: Fields;
  keptAt: string;
  /** The item's `updatedAt` when the typing began (null: a new item). */
  base: string | null;
}

/** How long typing must pause before the form is kept (and at the latest when the page hides). */
export const KEEP_PAUSE_MS = 400;

let store: UseStore | null = null;
/** The back office's own database (`bms-drafts`), opened on first use; none without IndexedDB. */
function drafts(): UseStore | null {
  if (typeof indexedDB === "undefined") return null;
  store ??= createStore("bms-drafts", "drafts");
  return store;
}

async function read<Fields>(key: string): Promise<KeptDraft<Fields> | null> {
  const db = drafts();
  if (!db) return null;
  try {
    // What `write` put under this key: IndexedDB keeps values, not their types.
    return ((await get(key, db)) as KeptDraft<Fields> | undefined) ?? null;
  } catch {
    // A private window or a full disk: nothing kept, and nothing to offer.
    return null;
  }
}

async function write<Fields>(key: string, draft: KeptDraft<Fields>): Promise<void> {
  const db = drafts();
  if (db) await set(key, draft, db).catch(() => undefined);
}

async function forget(key: string): Promise<void> {
  const db = drafts();
  if (db) await del(key, db).catch(() => undefined);
}

/**
 * A form's values as lines of text, field by field (`name: value`), the text last and whole; the
 * time to schedule for left out.
 */
export function asLines(fields: object, label: (name: string) => string): string {
  const lines: string[] = [];
  let text = "";
  for (const [name, value] of Object.entries(fields)) {
    // The time to schedule for is no content.
    if (name === "at") continue;
    if (name === "body") {
      text = typeof value === "string" ? value : "";
      continue;
    }
    const shown = typeof value === "string" ? value : JSON.stringify(value);
    lines.push(`${label(name)}: ${shown}`);
  }
  return `${lines.join("\n")}\n\n${text}${text.endsWith("\n") ? "" : "\n"}`;
}

/** One line of what differs: kept (added), saved (removed), or the same. */
export interface DiffLine {
  kind: "added" | "removed" | "same";
  text: string;
}

/**
 * What the kept values change of the saved ones, line by line: the changed lines with one line
 * of context each side; `null` stands for the unchanged lines left out between.
 */
export function differences(saved: string, kept: string): Array<DiffLine | null> {
  const lines = diffLines(saved, kept).flatMap((part) => {
    const kind = part.added ? "added" : part.removed ? "removed" : "same";
    return part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((text): DiffLine => ({ kind, text }));
  });
  const near = (i: number) =>
    [i - 1, i, i + 1].some((j) => lines[j] !== undefined && lines[j]?.kind !== "same");
  const shown: Array<DiffLine | null> = [];
  lines.forEach((line, i) => {
    if (near(i)) shown.push(line);
    else if (shown.at(-1) !== null) shown.push(null);
  });
  if (shown.at(-1) === null) shown.pop();
  if (shown[0] === null) shown.shift();
  return shown;
}

/** Two forms' values are the same (the time to schedule for left out: it is no content). */
export function sameFields(a: object, b: object): boolean {
  const content = (fields: object) =>
    JSON.stringify(Object.entries(fields).filter(([name]) => name !== "at"));
  return content(a) === content(b);
}

/** What `useKeptDraft` watches of a form. */
interface WatchedForm<Fields> {
  watch: (observer: () => void) => { unsubscribe: () => void };
  getValues: () => Fields;
}

/**
 * Keeps a form's values under `key` while it holds unsaved changes (`dirty`), and offers the
 * ones kept earlier when they differ from `saved` (the form's first values). `forget` after a
 * save; `dismiss` once the offer is answered.
 */
export function useKeptDraft<Fields extends object>(
  key: string | null,
  form: WatchedForm<Fields>,
  saved: Fields,
  base: string | null,
  dirty: boolean,
) {
  const [offer, setOffer] = useState<KeptDraft<Fields> | null>(null);
  const first = useRef(saved);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  /** Saved or discarded: nothing is kept again until the person types. */
  const settled = useRef(false);

  useEffect(() => {
    if (!key) return;
    let live = true;
    void read<Fields>(key).then((kept) => {
      if (live && kept && !sameFields(kept.fields, first.current)) setOffer(kept);
    });
    return () => {
      live = false;
    };
  }, [key]);

  useEffect(() => {
    if (!key) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const keep = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!dirtyNow.current || settled.current) return;
      void write(key, { fields: form.getValues(), keptAt: new Date().toISOString(), base });
    };
    const { unsubscribe } = form.watch(() => {
      settled.current = false;
      clearTimeout(timer);
      timer = setTimeout(keep, KEEP_PAUSE_MS);
    });
    // A tab closed or hidden keeps what is pending at once.
    const hidden = () => {
      if (timer !== undefined) keep();
    };
    window.addEventListener("pagehide", hidden);
    document.addEventListener("visibilitychange", hidden);
    return () => {
      unsubscribe();
      hidden();
      window.removeEventListener("pagehide", hidden);
      document.removeEventListener("visibilitychange", hidden);
    };
  }, [key, form, base]);

  return {
    offer,
    dismiss: () => setOffer(null),
    forget: () => {
      settled.current = true;
      return key ? forget(key) : Promise.resolve();
    },
  };
}

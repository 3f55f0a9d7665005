import { useEffect, useMemo, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { Translate } from "../../../../i18n/core.ts";
import { failedCallText } from "../form.tsx";
import { useLeaveGuard } from "../leave-guard.ts";
import { CallFailure } from "../query.ts";
import { formatTime } from "../time.ts";
import { type KeptDraft, useKeptDraft } from "./kept-draft.ts";

// What keeps the owner's writing safe in every form with a text (articles, photos, notes,
// chapters), whatever its buttons: unsaved changes guard leaving; what is typed is kept in the
// browser and offered back after a crash; a save never overwrites a version saved elsewhere since
// the item was read (a 409, then Save over); and a draft saves itself after a pause in typing.

/** How long typing pauses before a draft saves itself. */
export const AUTOSAVE_PAUSE_MS = 3000;

/** An item a form edits: what keeping it safe reads of it. */
interface KeptItem {
  id: string;
  status: string;
  updatedAt: string | null;
}

/** What `useKeeping` takes. */
export interface KeepingOptions<Item extends KeptItem, Fields extends object, Values> {
  t: Translate;
  form: UseFormReturn<Fields, unknown, Values>;
  /** The item edited; none for a new one. */
  record: Item | null;
  /** A file's item, only shown: nothing is kept or saved. */
  readOnly: boolean;
  /** The kind's name in the browser's kept drafts (`article`), or a longer key of it. */
  keptAs: string;
  /** The values the form opened with. */
  first: Fields;
  /** Puts an outcome in the form's status line. */
  report: (ok: boolean, message: string) => void;
  /**
   * How a draft saves itself after a pause in typing: `schema`, the rules of a Save (a form
   * that does not pass them waits for the owner's own Save), and `save`, which saves `values`
   * over `record` quietly (the autosave mark, `If-Match` its version). None: a kind that is
   * never a draft (a page, always live) never saves itself.
   */
  autosave?: {
    schema: z.ZodType<Values>;
    save: (record: Item, values: Values) => Promise<Item>;
  };
}

/** Whether a form holds unsaved content (the time to schedule for alone is no content). */
const hasChanges = (dirtyFields: object) => Object.keys(dirtyFields).some((name) => name !== "at");

/**
 * A form's safety: whether it holds unsaved changes (guarding leaving), the kept values offered
 * back, the version saved elsewhere that refused a save, and a draft's autosave. The form's own
 * saves call `beforeSave` first, then `saved` or `refused`.
 */
export function useKeeping<Item extends KeptItem, Fields extends object, Values>(
  options: KeepingOptions<Item, Fields, Values>,
) {
  const { t, form, record, readOnly, report } = options;
  const dirty = !readOnly && hasChanges(form.formState.dirtyFields);
  useLeaveGuard(dirty);
  const watched = useMemo(
    () => ({
      watch: (observer: () => void) => form.watch(() => observer()),
      getValues: (): Fields => form.getValues(),
    }),
    [form],
  );
  const kept = useKeptDraft<Fields>(
    readOnly ? null : `${options.keptAs}:${record?.id ?? "new"}`,
    watched,
    options.first,
    record?.updatedAt ?? null,
    dirty,
  );

  /** Saved elsewhere since this item was read: when, until the person saves over it. */
  const [conflict, setConflict] = useState<string | null>(null);
  const conflictSeen = useRef(conflict);
  conflictSeen.current = conflict;
  const force = useRef(false);
  /** The item as this form last saved it: newer than `record` until the item is read again. */
  const lastSaved = useRef<Item | null>(null);
  /** The autosave under way, if any: a save the owner asks for waits for it. */
  const autosaveDone = useRef<Promise<void>>(Promise.resolve());
  const autosaving = useRef(false);
  const latestOptions = useRef(options);
  latestOptions.current = options;

  /** The item as this form last saved or read it. */
  const latest = (): Item | null => {
    const mine = lastSaved.current;
    return record && mine && (mine.updatedAt ?? "") > (record.updatedAt ?? "") ? mine : record;
  };

  // A draft saves itself after a pause in typing (never a live item: its changes would go out
  // unasked), as Save would but quietly: only a form that passes the rules, focus left where it
  // is, what was typed meanwhile kept; a save made elsewhere since is a conflict, as for Save.
  const autosaves = !!record && !readOnly && record.status === "draft" && !!options.autosave;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the save reads the latest state through refs and the form
  useEffect(() => {
    if (!autosaves) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watching = form.watch(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        autosaveDone.current = autosave();
      }, AUTOSAVE_PAUSE_MS);
    });
    return () => {
      watching.unsubscribe();
      clearTimeout(timer);
    };
  }, [autosaves, form]);

  async function autosave() {
    const now = latestOptions.current;
    const quiet = now.autosave;
    const item = latest();
    if (!quiet || !item || !hasChanges(form.formState.dirtyFields)) return;
    if (autosaving.current || form.formState.isSubmitting || conflictSeen.current) return;
    const typed = form.getValues();
    const checked = quiet.schema.safeParse(typed);
    // An unfinished form (a title still empty) waits for the owner's own Save.
    if (!checked.success) return;
    autosaving.current = true;
    try {
      const saved = await quiet.save(item, checked.data);
      lastSaved.current = saved;
      // What was saved is the form's saved state; anything typed since stays a change.
      form.reset(typed, { keepValues: true });
      if (JSON.stringify(form.getValues()) === JSON.stringify(typed)) void kept.forget();
      now.report(true, t("bmsEditor.autosaved", { time: formatTime(saved.updatedAt ?? "") }));
    } catch (error) {
      if (!refused(error)) {
        now.report(false, t("bmsEditor.autosaveFailed", { message: failedCallText(t, error) }));
      }
    } finally {
      autosaving.current = false;
    }
  }

  /**
   * A save was refused: when because the item was saved elsewhere since, the form offers Save
   * over and says so (nothing is lost: the text stays in the form, and kept in the browser).
   */
  function refused(error: unknown): boolean {
    const elsewhere = changedElsewhereAt(error);
    if (!elsewhere) return false;
    setConflict(elsewhere);
    report(false, t("bmsEditor.changedElsewhere", { time: formatTime(elsewhere) }));
    return true;
  }

  // What the frame shows of the kept values, whatever the kind's fields.
  const offer: KeptDraft<object> | null = kept.offer;

  return {
    dirty,
    conflict,
    /** The values the form opened with, to show what the kept ones change. */
    saved: options.first as object,
    /** The kept values the browser offers back. */
    kept: offer,
    latest,
    /**
     * Before a save the person asked for: after the autosave in flight (so it builds on it
     * rather than conflicting with it). True when it is to save over the version saved elsewhere.
     */
    async beforeSave(): Promise<boolean> {
      await autosaveDone.current;
      const over = force.current;
      force.current = false;
      return over;
    },
    /** A save went through: no conflict, and what the browser kept of it is no longer needed. */
    afterSave(item: Item) {
      setConflict(null);
      lastSaved.current = item;
      void kept.forget();
      kept.dismiss();
    },
    refused,
    /** The next save goes over the version saved elsewhere (`run` is the form's Save). */
    saveOver(run: () => void) {
      force.current = true;
      run();
    },
    /** A revision was put back and saved: the form holds the item as it now is. */
    restored(item: Item, fields: Fields, revisionSavedAt: string) {
      lastSaved.current = item;
      setConflict(null);
      form.reset(fields);
      report(true, t("bmsEditor.history.restored", { time: formatTime(revisionSavedAt) }));
    },
    /** The kept values in place of the saved ones (still unsaved), or forgotten. */
    answerKept(restore: boolean) {
      if (restore && kept.offer) form.reset(kept.offer.fields, { keepDefaultValues: true });
      else void kept.forget();
      kept.dismiss();
    },
    /** The edit was given up on purpose (Cancel): nothing of it is offered back. */
    discard: () => kept.forget(),
  };
}

/** What the frame of a form shows of its keeping (`KeptOffer`, Save over). */
export type Keeping = ReturnType<typeof useKeeping>;

/** When the item was saved elsewhere, if that is why a save was refused (409). */
export function changedElsewhereAt(error: unknown): string | null {
  if (!(error instanceof CallFailure) || error.code !== 409) return null;
  const issue = error.issues.find((i) => i.key === "bmsEditor.changedElsewhere");
  const time = issue?.values?.time;
  return typeof time === "string" ? time : null;
}

/**
 * The headers of a save over `updatedAt` (the version the form opened): `If-Match` unless it
 * saves over a newer one on purpose (`force`), and the mark of a save the editor made by itself.
 */
export function saveHeaders(save: {
  updatedAt: string | null;
  force?: boolean | undefined;
  autosave?: boolean | undefined;
}): Record<string, string> {
  return {
    ...(save.updatedAt && !save.force ? { "if-match": `"${save.updatedAt}"` } : {}),
    ...(save.autosave ? { "x-autosave": "1" } : {}),
  };
}

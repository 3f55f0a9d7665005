import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import type { MessageKey, Translate } from "../../../../i18n/core.ts";
import type { ContentStatus } from "../../../../shared/content-rules.ts";
import { DeleteControl } from "../DeleteControl.tsx";

export type PublishAction = "publish" | "unpublish";

/**
 * An item edited in place: `open` shows its form, `close` hides it again and gives focus back
 * to the item's Edit button (`editButton`), and `saved` does so once the form has saved, with
 * its message for `onSaved` (the list's status line).
 */
export function useInlineEdit<T>(onSaved?: (message: string) => void) {
  const [editing, setEditing] = useState<T | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const backToEdit = useRef(false);

  useEffect(() => {
    if (!editing && backToEdit.current) {
      backToEdit.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function close() {
    backToEdit.current = true;
    setEditing(null);
  }
  return {
    editing,
    editButton,
    open: (value: T) => setEditing(value),
    close,
    saved(message: string) {
      close();
      onSaved?.(message);
    },
  };
}

/**
 * An item whose form opens by its address (`?id=`, from the media library's "used by"): opened
 * once (Cancel closes it for good) and scrolled into view. Answers the ref of the form's box.
 */
export function useOpenedByAddress(opened: boolean, editing: boolean, open: () => void) {
  const box = useRef<HTMLDivElement>(null);
  const once = useRef(false);
  useEffect(() => {
    if (!opened || once.current) return;
    once.current = true;
    open();
  }, [opened, open]);
  useEffect(() => {
    if (editing && opened) box.current?.scrollIntoView({ block: "start" });
  }, [editing, opened]);
  return box;
}

/** The publish tools' usual labels (the article list has its own). */
export const PUBLISH_LABELS = {
  publish: "bmsNotes.publish",
  publishNow: "bmsNotes.publishNow",
  unpublish: "bmsNotes.unpublish",
} as const;

interface PublishProps {
  t: Translate;
  status: ContentStatus;
  /** The labels' keys ("Publish", "Publish now" for a scheduled item, "Unpublish"). */
  labels: {
    publish: MessageKey;
    publishNow: MessageKey;
    unpublish: MessageKey;
  };
  describedBy?: string | undefined;
  disabled?: boolean | undefined;
  /** Gives Publish the primary look. */
  primary?: boolean;
  onAct: (action: PublishAction) => void;
}

/** Publish (Publish now when scheduled) unless published, and Unpublish unless a draft. */
export function PublishButtons({
  t,
  status,
  labels,
  describedBy,
  disabled,
  primary,
  onAct,
}: PublishProps) {
  return (
    <>
      {status !== "published" && (
        <button
          type="button"
          className={primary ? "button button-primary" : "button"}
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => onAct("publish")}
        >
          {t(status === "scheduled" ? labels.publishNow : labels.publish)}
        </button>
      )}
      {status !== "draft" && (
        <button
          type="button"
          className="button"
          disabled={disabled}
          aria-describedby={describedBy}
          onClick={() => onAct("unpublish")}
        >
          {t(labels.unpublish)}
        </button>
      )}
    </>
  );
}

interface ItemActionsProps {
  t: Translate;
  /** The id of the item's title or excerpt, which names the buttons for assistive technology. */
  describedBy: string;
  editLabel: string;
  onEdit: () => void;
  /** The Edit button, for focus to come back to. */
  editRef?: RefObject<HTMLButtonElement | null>;
  /**
   * Publish and Unpublish. The button pressed gives way to its opposite; Edit stays, so focus
   * goes there after a success (`act` resolves true).
   */
  publish?: Omit<PublishProps, "t" | "describedBy" | "onAct"> & {
    act: (action: PublishAction) => Promise<boolean>;
  };
  /** Asked before deleting. */
  question: string;
  /** Deletes; false keeps the question open. */
  onDelete: () => Promise<boolean>;
  /** More tools, between Publish and Delete. */
  children?: ReactNode;
}

/** An item's tools: Edit, Publish and Unpublish as the status allows, more, and Delete. */
export function ItemActions({ t, describedBy, publish, ...props }: ItemActionsProps) {
  const ownRef = useRef<HTMLButtonElement>(null);
  const editRef = props.editRef ?? ownRef;
  return (
    <div className="bms-actions">
      <button
        ref={editRef}
        type="button"
        className="button"
        aria-describedby={describedBy}
        onClick={props.onEdit}
      >
        {props.editLabel}
      </button>
      {publish && (
        <PublishButtons
          t={t}
          {...publish}
          describedBy={describedBy}
          onAct={async (action) => {
            if (await publish.act(action)) editRef.current?.focus();
          }}
        />
      )}
      {props.children}
      <DeleteControl
        t={t}
        question={props.question}
        describedBy={describedBy}
        onDelete={props.onDelete}
      />
    </div>
  );
}

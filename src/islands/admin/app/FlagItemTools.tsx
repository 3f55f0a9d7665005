import type { ReactNode } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { ItemActions, useInlineEdit, useOpenedByAddress } from "./content/ItemActions.tsx";
import { failureText } from "./form.tsx";
import type { ListState } from "./ListSection.tsx";
import { succeeded } from "./query.ts";

/**
 * The words of an item's one flag (a navigation link's hidden, a banner's enabled): the button
 * while the flag is on and off, and what the list's status line says once it was turned each way.
 */
export interface FlagWords {
  /** The button while the flag is on (it turns it off): "Show", "Turn off". */
  turnOff: string;
  /** The button while it is off: "Hide", "Turn on". */
  turnOn: string;
  /** Said once turned off: "… is shown again", "… is switched off". */
  turnedOff: string;
  /** Said once turned on. */
  turnedOn: string;
}

interface FlagItemToolsProps {
  t: Translate;
  /** The id of the item's name, which names the buttons for assistive technology. */
  nameId: string;
  /** The list's status line. */
  state: ListState;
  /** Opens the edit form at once (`?id=`, from the media library's "used by"). */
  opened: boolean;
  editLabel: string;
  /** The edit form shown in place of the tools; `saved` closes it with the list's message. */
  form: (done: { saved: (message: string) => void; cancel: () => void }) => ReactNode;
  /** The flag as it is now. */
  flag: boolean;
  words: FlagWords;
  /** Saves the flag turned the other way. */
  setFlag: (on: boolean) => Promise<unknown>;
  /** Whether that save is under way (the button waits). */
  setting: boolean;
  /** Asked before deleting. */
  question: string;
  /** Deletes, then what the status line says. */
  remove: () => Promise<unknown>;
  deleted: string;
}

/**
 * An item of a list the owner sorts (the site navigation's links, the home page's banners): Edit
 * in place, one flag turned on and off, and Delete with a confirm step, each outcome told in the
 * list's status line.
 */
export function FlagItemTools(props: FlagItemToolsProps) {
  const { t, nameId, state, flag, words } = props;
  const { editing, editButton, open, close, saved } = useInlineEdit<true>((message) =>
    state.report(true, message),
  );
  const failed = (error: unknown) => state.report(false, failureText(t, error));
  const box = useOpenedByAddress(props.opened, editing !== null, () => open(true));

  if (editing) return <div ref={box}>{props.form({ saved, cancel: close })}</div>;
  return (
    <ItemActions
      t={t}
      describedBy={nameId}
      editLabel={props.editLabel}
      editRef={editButton}
      onEdit={() => open(true)}
      question={props.question}
      onDelete={() =>
        succeeded(
          props.remove().then(() => state.deleted(props.deleted)),
          failed,
        )
      }
    >
      <button
        type="button"
        className="button"
        aria-describedby={nameId}
        disabled={props.setting}
        onClick={() =>
          void succeeded(
            props
              .setFlag(!flag)
              .then(() => state.report(true, flag ? words.turnedOff : words.turnedOn)),
            failed,
          )
        }
      >
        {flag ? words.turnOff : words.turnOn}
      </button>
    </ItemActions>
  );
}

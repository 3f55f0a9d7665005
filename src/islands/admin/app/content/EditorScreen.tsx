import type { UseQueryResult } from "@tanstack/react-query";
import { type ComponentType, useState } from "react";
import { flushSync } from "react-dom";
import type { MessageKey, Translate } from "../../../../i18n/core.ts";
import { FormStatus } from "../../../ui/FormStatus.tsx";
import type { AdminRoute } from "../../routes.ts";
import type { ScreenProps } from "../../screen-props.ts";
import { ScreenLink } from "../ScreenLink.tsx";
import type { EditedItem, EditorFormProps } from "./editor.tsx";
import type { EditorWords } from "./editor-save.ts";

// The content editors' screen (articles, photos): it opens an item or starts a new one, with
// its status line, and shows the kind's form (editor.tsx).

/** A kind's editor screen: its routes, its words, its item's query and its form. */
export interface EditorKind<Item> {
  /** The kind's list (the back link) and its editor (`?id=` an item). */
  list: AdminRoute;
  editor: AdminRoute;
  words: EditorWords;
  /** The status line while the item loads. */
  loading: MessageKey;
  /** The screen's classes after the editors' own. */
  className?: string;
  useItem: (id: string, created: Item | undefined) => UseQueryResult<Item>;
  Form: ComponentType<EditorFormProps<Item>>;
}

/** The screen's status line: the outcome of the last action, and the item it is about. */
interface Outcome {
  about: string | null;
  note: string;
  failure: string;
}

const QUIET = { note: "", failure: "" };

/** An editor's screen: a new item, or `?id=` an existing one (read-only for a file's). */
export function EditorScreen<Item extends EditedItem>({
  t,
  search,
  navigate,
  kind,
}: ScreenProps & { kind: EditorKind<Item> }) {
  const itemId = new URLSearchParams(search).get("id");
  // An outcome shows while its item is open: another one opened starts with a quiet line.
  const [outcome, setOutcome] = useState<Outcome>({ about: null, ...QUIET });
  const shown = outcome.about === itemId ? outcome : QUIET;
  /** The item just created: its address opens with the create's answer, heading focused. */
  const [created, setCreated] = useState<Item | null>(null);
  const { Form } = kind;

  function report(ok: boolean, message: string) {
    setOutcome({ about: itemId, note: ok ? message : "", failure: ok ? "" : message });
  }

  function opened(record: Item, message: string) {
    // Committed before the address changes: the router's update renders at once, and the new
    // address must find the item it opens with.
    flushSync(() => {
      setCreated(record);
      setOutcome({ about: record.id, note: message, failure: "" });
    });
    navigate(kind.editor, `id=${encodeURIComponent(record.id)}`, { saved: true });
  }

  return (
    <div className={`bms-content bms-editor${kind.className ? ` ${kind.className}` : ""}`}>
      <ScreenLink navigate={navigate} route={kind.list} className="bms-back-link">
        {t(`${kind.words}.backToList`)}
      </ScreenLink>
      {itemId ? (
        <OpenItem
          key={itemId}
          t={t}
          id={itemId}
          kind={kind}
          created={created?.id === itemId ? created : undefined}
          outcome={shown}
          report={report}
        />
      ) : (
        <>
          <Form key="new" t={t} record={null} report={report} onCreated={opened} />
          <FormStatus {...shown} />
        </>
      )}
    </div>
  );
}

interface OpenProps<Item> {
  t: Translate;
  id: string;
  kind: EditorKind<Item>;
  created: Item | undefined;
  outcome: typeof QUIET;
  report: (ok: boolean, message: string) => void;
}

/**
 * An existing item in the editor once it is read (the one just created at once), with the
 * screen's status line, which says it is loading, or why it failed beside a Retry button.
 */
function OpenItem<Item>({ t, id, kind, created, outcome, report }: OpenProps<Item>) {
  const item = kind.useItem(id, created);
  const { Form } = kind;
  const record = created || item.isFetchedAfterMount ? item.data : undefined;
  const failed = item.isError && !item.isFetching;
  return (
    <>
      {failed && (
        <div className="bms-retry">
          <button type="button" className="button" onClick={() => void item.refetch()}>
            {t("bmsContent.retry")}
          </button>
        </div>
      )}
      {record && <Form t={t} record={record} report={report} focusHeading={!!created} />}
      <FormStatus
        note={!record && item.isFetching ? t(kind.loading) : outcome.note}
        failure={
          failed ? t(`${kind.words}.loadFailed`, { message: item.error.message }) : outcome.failure
        }
      />
    </>
  );
}

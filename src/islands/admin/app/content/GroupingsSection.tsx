import { useStore } from "@nanostores/react";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import type { Locale, Translate } from "../../../../i18n/core.ts";
import type { Page } from "../../../../shared/auth.ts";
import { $locale } from "../../../../stores/locale.ts";
import { ListSection, useListState } from "../ListSection.tsx";
import { succeeded } from "../query.ts";
import { GroupingForm, type GroupingKind } from "./GroupingForm.tsx";
import type { GroupingRecord, GroupingValues } from "./grouping-schema.ts";
import { ItemActions, useInlineEdit } from "./ItemActions.tsx";
import { contentListWords } from "./list-words.ts";

/** A kind of grouping as its list has it, beside its form (`GroupingKind`). */
export interface GroupingList<V extends GroupingValues, R extends GroupingRecord>
  extends GroupingKind<V, R> {
  usePage: (page: number) => UseQueryResult<Page<R>>;
  useDelete: () => { mutateAsync: (slug: string) => Promise<unknown> };
  /** Why a delete was refused (a grouping still in use stays), in the interface's words. */
  deleteFailure: (t: Translate, error: unknown) => string;
  /** The file a read-only grouping comes from, when it names none. */
  file: string;
  /** What an item shows of its own, under its name. */
  itemMore?: (grouping: R, locale: Locale) => ReactNode;
}

interface Props<V extends GroupingValues, R extends GroupingRecord> {
  t: Translate;
  kind: GroupingList<V, R>;
  className: string;
}

/**
 * A kind's groupings (categories, albums): every one (files' read-only), inline edits, deletes
 * (refused while in use, saying why), and an add form.
 */
export function GroupingsSection<V extends GroupingValues, R extends GroupingRecord>({
  t,
  kind,
  className,
}: Props<V, R>) {
  const locale = useStore($locale);
  const state = useListState();
  const list = kind.usePage(state.page);
  const addId = useId();
  return (
    <div className={`bms-content ${className}`}>
      <ListSection
        t={t}
        words={contentListWords(t, kind.ns)}
        query={list}
        state={state}
        retry
        pagerIfMany
        item={(grouping) => (
          <GroupingItem
            key={grouping.slug}
            t={t}
            kind={kind}
            grouping={grouping}
            locale={locale}
            onDone={state.report}
            onDeleted={() => state.deleted(t(`${kind.ns}.deleted`, { slug: grouping.slug }))}
          />
        )}
      />
      <section aria-labelledby={`${addId}-add`}>
        <GroupingForm
          t={t}
          kind={kind}
          headingId={`${addId}-add`}
          onSaved={(name) => state.report(true, t(`${kind.ns}.added`, { name }))}
        />
      </section>
    </div>
  );
}

interface ItemProps<V extends GroupingValues, R extends GroupingRecord> {
  t: Translate;
  kind: GroupingList<V, R>;
  grouping: R;
  locale: Locale;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}

function GroupingItem<V extends GroupingValues, R extends GroupingRecord>({
  t,
  kind,
  grouping,
  locale,
  onDone,
  onDeleted,
}: ItemProps<V, R>) {
  const id = useId();
  const { editing, editButton, open, close, saved } = useInlineEdit<true>((message) =>
    onDone(true, message),
  );
  const remove = kind.useDelete();
  const name = grouping.name[locale];

  const failed = (error: unknown) => onDone(false, kind.deleteFailure(t, error));

  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3 id={`${id}-name`}>{name}</h3>
        <code>{grouping.slug}</code>
      </div>
      {kind.itemMore?.(grouping, locale)}
      <ul className="bms-facts">
        <li>{t("bmsCategories.nameZhValue", { name: grouping.name["zh-CN"] })}</li>
        <li>{t("bmsCategories.nameEnValue", { name: grouping.name["en-US"] })}</li>
        <li>{t("bmsCategories.orderValue", { order: grouping.order })}</li>
        <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${grouping.source}`) })}</li>
      </ul>
      {grouping.readOnly ? (
        <p className="bms-file">
          {t("bmsCategories.inFile", { file: grouping.file ?? kind.file })}
        </p>
      ) : editing ? (
        <GroupingForm
          t={t}
          kind={kind}
          editing={grouping}
          onSaved={() => saved(t(`${kind.ns}.saved`, { slug: grouping.slug }))}
          onCancel={close}
        />
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-name`}
          editLabel={t("bmsCategories.edit")}
          editRef={editButton}
          onEdit={() => open(true)}
          question={t(`${kind.ns}.askDelete`, { name })}
          onDelete={() => succeeded(remove.mutateAsync(grouping.slug).then(onDeleted), failed)}
        />
      )}
    </li>
  );
}

import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { CategoryRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { succeeded } from "../app/query.ts";
import { ItemActions, useInlineEdit } from "../content/ItemActions.tsx";
import { contentListWords } from "../content/list-words.ts";
import type { ScreenProps } from "../screen-props.ts";
import { CategoryForm } from "./CategoryForm.tsx";
import { deleteFailureText } from "./delete-failure.ts";
import { PAGE_SIZE, useCategoryPage, useDeleteCategory } from "./queries.ts";
import "../content/content.css";
import "../content/articles.css";

/** Article categories: every one (files' read-only), inline edits, deletes, and an add form. */
export function CategoriesScreen({ t }: ScreenProps) {
  const locale = useStore($locale);
  const state = useListState();
  const list = useCategoryPage(state.page);
  const addId = useId();
  return (
    <div className="bms-content bms-categories">
      <ListSection
        t={t}
        words={contentListWords(t, "bmsCategories")}
        query={list}
        state={state}
        pageSize={PAGE_SIZE}
        retry
        pagerIfMany
        item={(category) => (
          <CategoryItem
            key={category.slug}
            t={t}
            category={category}
            name={category.name[locale]}
            onDone={state.report}
            onDeleted={() => state.deleted(t("bmsCategories.deleted", { slug: category.slug }))}
          />
        )}
      />
      <section aria-labelledby={`${addId}-add`}>
        <CategoryForm
          t={t}
          headingId={`${addId}-add`}
          onSaved={(name) => state.report(true, t("bmsCategories.added", { name }))}
        />
      </section>
    </div>
  );
}

interface ItemProps {
  t: Translate;
  category: CategoryRecord;
  name: string;
  onDone: (ok: boolean, message: string) => void;
  onDeleted: () => void;
}

function CategoryItem({ t, category, name, onDone, onDeleted }: ItemProps) {
  const id = useId();
  const { editing, editButton, open, close } = useInlineEdit<true>();
  const remove = useDeleteCategory();

  async function removeCategory() {
    const ok = await succeeded(remove.mutateAsync(category.slug), (error) =>
      onDone(false, deleteFailureText(t, error)),
    );
    if (ok) onDeleted();
    return ok;
  }

  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3 id={`${id}-name`}>{name}</h3>
        <code>{category.slug}</code>
      </div>
      <ul className="bms-facts">
        <li>{t("bmsCategories.nameZhValue", { name: category.name["zh-CN"] })}</li>
        <li>{t("bmsCategories.nameEnValue", { name: category.name["en-US"] })}</li>
        <li>{t("bmsCategories.orderValue", { order: category.order })}</li>
        <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${category.source}`) })}</li>
      </ul>
      {category.readOnly ? (
        <p className="bms-file">
          {t("bmsCategories.inFile", { file: category.file ?? "content/categories.json" })}
        </p>
      ) : editing ? (
        <CategoryForm
          t={t}
          editing={category}
          onSaved={() => {
            close();
            onDone(true, t("bmsCategories.saved", { slug: category.slug }));
          }}
          onCancel={close}
        />
      ) : (
        <ItemActions
          t={t}
          describedBy={`${id}-name`}
          editLabel={t("bmsCategories.edit")}
          editRef={editButton}
          onEdit={() => open(true)}
          question={t("bmsCategories.askDelete", { name })}
          onDelete={removeCategory}
        />
      )}
    </li>
  );
}

import { ListSection, useListState } from "../app/ListSection.tsx";
import { ContentFilterFields, useContentFilters } from "../content/filters.tsx";
import { contentListWords } from "../content/list-words.ts";
import type { ScreenProps } from "../screen-props.ts";
import { NoteForm } from "./NoteForm.tsx";
import { NoteItem } from "./NoteItem.tsx";
import { PAGE_SIZE, useNotePage } from "./queries.ts";
import "../content/content.css";

/** Short daily notes: a compose form, then every note (rows and files) with its tools. */
export function NotesScreen({ t }: ScreenProps) {
  const state = useListState();
  const filters = useContentFilters(state.setPage);
  const list = useNotePage({ ...filters.query, page: state.page });
  return (
    <div className="bms-content bms-notes">
      <NoteForm t={t} onDone={(message) => state.report(true, message)} />
      <ListSection
        t={t}
        words={contentListWords(t, "bmsNotes")}
        query={list}
        state={state}
        pageSize={PAGE_SIZE}
        filters={
          <ContentFilterFields
            t={t}
            ns="bmsNotes"
            filters={filters.filters}
            onChange={filters.change}
          />
        }
        item={(item) => (
          <NoteItem
            key={item.id}
            t={t}
            item={item}
            onDone={state.report}
            onDeleted={() => state.deleted(t("bmsNotes.deleted"))}
          />
        )}
      />
    </div>
  );
}

import { useListState } from "../app/ListSection.tsx";
import { ContentListSection } from "../content/ContentList.tsx";
import { useContentFilters } from "../content/filters.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { NoteForm } from "./NoteForm.tsx";
import { NoteItem } from "./NoteItem.tsx";
import { useNotePage } from "./queries.ts";
import "../content/content.css";

/** Short daily notes: a compose form, then every note (rows and files) with its tools. */
export function NotesScreen({ t }: ScreenProps) {
  const state = useListState();
  const filters = useContentFilters(state.setPage);
  const list = useNotePage(filters.query, state.page);
  return (
    <div className="bms-content bms-notes">
      <NoteForm t={t} onDone={(message) => state.report(true, message)} />
      <ContentListSection
        t={t}
        ns="bmsNotes"
        query={list}
        state={state}
        filters={filters}
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

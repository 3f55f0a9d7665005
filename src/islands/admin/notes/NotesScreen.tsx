import { useId } from "react";
import { api, send } from "../../../shared/api-client.ts";
import type { NoteListItem } from "../../../shared/content.ts";
import { ContentBulk } from "../app/content/ContentBulk.tsx";
import { ContentListSection } from "../app/content/ContentList.tsx";
import { tagChoices, useItemCounts } from "../app/content/counts.ts";
import { useContentFilters } from "../app/content/filters.tsx";
import { useListState } from "../app/ListSection.tsx";
import { FilterSelect, useFilters } from "../app/list-parts.tsx";
import { useItemSelection } from "../app/selection.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { NoteForm } from "./NoteForm.tsx";
import { NoteItem } from "./NoteItem.tsx";
import { notesKey, useBulkNotes, useNotePage } from "./queries.ts";
import "../app/content/content.css";

/**
 * Short daily notes: a compose form, then every note (rows and files) searched, filtered by
 * status, language and tag (each with its count) and sorted, the view kept in the address;
 * each note with its tools, and bulk tools for the selected ones.
 */
export function NotesScreen({ t }: ScreenProps) {
  const id = useId();
  const state = useListState(true);
  const filters = useContentFilters(state.setPage);
  const byTag = useFilters({ tag: "" }, state.setPage, true);
  const list = useNotePage({ ...filters.query, ...byTag.filters }, state.page);
  const counts = useItemCounts(notesKey, () => send(api.admin.notes.counts.$get())).data;
  const selection = useItemSelection<NoteListItem>();
  const bulk = useBulkNotes();
  return (
    <div className="bms-content bms-notes">
      <NoteForm t={t} onDone={(message) => state.report(true, message)} />
      <ContentListSection
        t={t}
        ns="bmsNotes"
        id={id}
        query={list}
        state={state}
        filters={filters}
        sorts={["updated"]}
        counts={counts}
        tools={(page) => (
          <ContentBulk
            t={t}
            words="bmsNotes.bulk"
            items={page.items}
            selection={selection}
            name={(note) => note.excerpt}
            run={bulk.mutateAsync}
            busy={bulk.isPending}
            report={state.report}
            onAllDeleted={state.deleted}
          />
        )}
        item={(item) => (
          <NoteItem
            key={item.id}
            t={t}
            item={item}
            onDone={state.report}
            onDeleted={() => state.deleted(t("bmsNotes.deleted"))}
            selection={selection}
          />
        )}
      >
        <FilterSelect
          id={`${id}-tag`}
          label={t("bmsContent.tag")}
          any={t("bmsNotes.any")}
          value={byTag.filters.tag}
          options={tagChoices(t, counts?.tags)}
          onChange={(value) => byTag.change("tag", value)}
        />
      </ContentListSection>
    </div>
  );
}

import { useEffect, useId, useRef, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import { IMAGE_TYPES, type MediaRecord } from "../../../shared/kinds/media.ts";
import { choices } from "../app/fields.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { ModalDialog } from "../app/ModalDialog.tsx";
import { TYPE_NAMES } from "../app/media/facts.ts";
import { MediaGrid } from "../app/media/MediaGrid.tsx";
import { type MediaFilterValues, useMediaPage, useMediaTags } from "../app/media/queries.ts";
import {
  filesOf,
  UploadButton,
  UploadList,
  useDropZone,
  useUploads,
} from "../app/media/Uploads.tsx";
import { useSettled } from "../app/query.ts";
import type { ScreenProps } from "../screen-props.ts";
import { BulkActions, useSelection } from "./BulkActions.tsx";
import { MediaDetails } from "./MediaDetails.tsx";
import "../app/content/content.css";
import "../app/content/articles.css";
import "../app/media/media.css";

const NO_FILTERS: MediaFilterValues = { q: "", tag: "", type: "", unused: "" };

/**
 * Files pasted anywhere on the screen (Ctrl/Cmd+V) go to `onFiles`; a paste in a dialog is the
 * dialog's own, and a paste of text stays a paste of text.
 */
function usePastedFiles(onFiles: (files: File[]) => void) {
  const latest = useRef(onFiles);
  useEffect(() => {
    latest.current = onFiles;
  });
  useEffect(() => {
    function onPaste(event: ClipboardEvent) {
      if (event.target instanceof Element && event.target.closest("dialog")) return;
      const files = filesOf(event.clipboardData);
      if (files.length === 0) return;
      event.preventDefault();
      latest.current(files);
    }
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, []);
}

/**
 * `/bms/media`: the media library. Upload (drop anywhere, paste, or choose files; two at a time,
 * each with its progress and outcome), the images as a grid under search and filters, each
 * opening its details in a dialog, and bulk delete and tagging of the selected ones.
 */
export function MediaScreen({ t, navigate }: ScreenProps) {
  const id = useId();
  const state = useListState(true);
  const { filters, change } = useFilters(NO_FILTERS, state.setPage, true);
  const list = useMediaPage({ ...filters, q: useSettled(filters.q, 200) }, state.page);
  const uploads = useUploads();
  const drop = useDropZone(uploads.add);
  const selection = useSelection();
  const [opened, setOpened] = useState<MediaRecord | null>(null);
  const dirty = useRef(false);
  const deleted = useRef<string | null>(null);
  usePastedFiles(uploads.add);

  // Once the dialog of a deleted image is closed, the list says so and its heading takes focus.
  useEffect(() => {
    if (opened || deleted.current === null) return;
    state.deleted(t("media.details.deleted", { name: deleted.current }));
    deleted.current = null;
  }, [opened, state, t]);

  function closeDetails() {
    if (dirty.current && !window.confirm(t("bmsContent.confirmLeave"))) return;
    dirty.current = false;
    setOpened(null);
  }

  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="bms-content bms-media" data-dropping={drop.over || undefined} {...drop.props}>
      <section className="bms-media-upload" aria-labelledby={`${id}-upload`}>
        <h2 id={`${id}-upload`}>{t("media.upload.title")}</h2>
        <div className="bms-media-drop">
          <UploadButton t={t} onFiles={uploads.add} describedBy={`${id}-upload-hint`} />
          <p id={`${id}-upload-hint`} className="field-hint">
            {t("media.upload.hint")}
          </p>
        </div>
        <UploadList t={t} jobs={uploads.jobs} onClear={uploads.clearFinished} />
      </section>
      <ListSection
        t={t}
        words={{
          title: t("media.list"),
          total: (count) => t("media.total", { count }),
          loading: t("media.loading"),
          failed: t("media.failed"),
          empty: t(filtered ? "media.noMatch" : "media.empty"),
          retry: t("bmsContent.retry"),
        }}
        query={list}
        state={state}
        retry
        pagerIfMany
        filters={<MediaFilters t={t} id={id} filters={filters} onChange={change} />}
        items={(page, busy) => (
          <>
            <BulkActions
              t={t}
              items={page.items}
              selection={selection}
              report={state.report}
              onAllDeleted={(message) => state.deleted(message)}
            />
            <MediaGrid
              t={t}
              items={page.items}
              busy={busy}
              selection={selection}
              onOpen={setOpened}
            />
          </>
        )}
      />
      <ModalDialog
        open={opened !== null}
        onClose={closeDetails}
        labelledBy={`${id}-details`}
        className="bms-dialog bms-media-dialog"
      >
        {opened && (
          <MediaDetails
            t={t}
            record={opened}
            titleId={`${id}-details`}
            navigate={navigate}
            dirty={dirty}
            onClose={closeDetails}
            onDeleted={(name) => {
              deleted.current = name;
              dirty.current = false;
              setOpened(null);
            }}
          />
        )}
      </ModalDialog>
    </div>
  );
}

/** The grid's search box, its tag and type filters, and "only unused". */
function MediaFilters({
  t,
  id,
  filters,
  onChange,
}: {
  t: Translate;
  id: string;
  filters: MediaFilterValues;
  onChange: (name: keyof MediaFilterValues, value: string) => void;
}) {
  const tags = useMediaTags().data ?? [];
  // A tag chosen stays a choice while the list of tags loads, or after its last image lost it.
  const tagChoices = filters.tag && !tags.includes(filters.tag) ? [...tags, filters.tag] : tags;
  return (
    <search className="bms-filters" aria-label={t("media.filters")}>
      <SearchField
        id={`${id}-q`}
        label={t("media.search")}
        value={filters.q}
        maxLength={CONTENT_LIMITS.q}
        onChange={(q) => onChange("q", q)}
      />
      <FilterSelects
        id={id}
        any={t("media.any")}
        values={filters}
        onChange={onChange}
        fields={[
          { name: "tag", label: t("media.tag"), options: choices(tagChoices, (tag) => tag) },
          {
            name: "type",
            label: t("media.type"),
            options: choices(IMAGE_TYPES, (type) => t(TYPE_NAMES[type])),
          },
        ]}
      />
      <div className="bms-check bms-media-unused">
        <input
          id={`${id}-unused`}
          type="checkbox"
          checked={filters.unused === "1"}
          onChange={(event) => onChange("unused", event.currentTarget.checked ? "1" : "")}
        />
        <label htmlFor={`${id}-unused`}>{t("media.unused")}</label>
      </div>
    </search>
  );
}

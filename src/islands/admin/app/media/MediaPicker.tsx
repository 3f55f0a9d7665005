import { type ReactNode, useId, useState } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { ListSection, useListState } from "../ListSection.tsx";
import { SearchField, useFilters } from "../list-parts.tsx";
import { ModalDialog } from "../ModalDialog.tsx";
import { useSettled } from "../query.ts";
import { MediaGrid } from "./MediaGrid.tsx";
import { useMediaPage } from "./queries.ts";
import { filesOf, UploadButton, UploadList, useDropZone, useUploads } from "./Uploads.tsx";
import "./media.css";

interface Props {
  t: Translate;
  open: boolean;
  /** Closed without a choice (Escape, Close): the owner sets `open` false. */
  onClose: () => void;
  /** An image was chosen (from the grid, or just uploaded). */
  onPick: (media: MediaRecord) => void;
}

/**
 * The image picker: a dialog with the library's grid under a search box, each image a button
 * that chooses it, and the library's upload (choose files, drop or paste in the dialog, each
 * with its progress), each uploaded image offered to choose.
 */
export function MediaPicker({ t, open, onClose, onPick }: Props) {
  const id = useId();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      labelledBy={`${id}-title`}
      className="bms-dialog bms-picker"
    >
      <PickerBody t={t} titleId={`${id}-title`} onClose={onClose} onPick={onPick} />
    </ModalDialog>
  );
}

function PickerBody({ t, titleId, onClose, onPick }: Omit<Props, "open"> & { titleId: string }) {
  const state = useListState();
  const { filters, change } = useFilters({ q: "" }, state.setPage);
  const q = useSettled(filters.q, 200);
  const list = useMediaPage({ q, tag: "", type: "", unused: "" }, state.page);
  const uploads = useUploads();
  const drop = useDropZone(uploads.add);
  return (
    <div
      className="bms-picker-body"
      data-dropping={drop.over || undefined}
      {...drop.props}
      onPaste={(event) => {
        const files = filesOf(event.clipboardData);
        if (files.length === 0) return;
        event.preventDefault();
        uploads.add(files);
      }}
    >
      <div className="bms-dialog-head">
        <h2 id={titleId}>{t("media.picker.title")}</h2>
        <button type="button" className="button" onClick={onClose}>
          {t("media.details.close")}
        </button>
      </div>
      <div className="bms-media-drop">
        <UploadButton t={t} onFiles={uploads.add} describedBy={`${titleId}-hint`} />
        <p id={`${titleId}-hint`} className="field-hint">
          {t("media.picker.hint")}
        </p>
      </div>
      <UploadList t={t} jobs={uploads.jobs} onClear={uploads.clearFinished} choose={onPick} />
      <ListSection
        t={t}
        words={{
          loading: t("media.loading"),
          failed: t("media.failed"),
          empty: t(filters.q ? "media.noMatch" : "media.picker.empty"),
          retry: t("bmsContent.retry"),
        }}
        query={list}
        state={state}
        retry
        pagerIfMany
        filters={
          <search className="bms-filters" aria-label={t("media.filters")}>
            <SearchField
              id={`${titleId}-q`}
              label={t("media.search")}
              value={filters.q}
              maxLength={CONTENT_LIMITS.q}
              onChange={(value) => change("q", value)}
            />
          </search>
        }
        items={(page, busy) => (
          <MediaGrid
            t={t}
            items={page.items}
            busy={busy}
            onOpen={onPick}
            openLabel={(item) => t("media.picker.choose", { name: item.name })}
          />
        )}
      />
    </div>
  );
}

/**
 * "Choose from library" beside an image address field: opens the picker, and hands the image
 * chosen to `onPick` (which sets the field to its `src`); focus comes back to the button.
 */
export function ChooseFromLibrary({
  t,
  label,
  onPick,
}: {
  t: Translate;
  /** The button's words where a form has several ("Choose picture 2 from the library"). */
  label?: string;
  onPick: (media: MediaRecord) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button bms-library-button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label ?? t("media.picker.open")}
      </button>
      <MediaPicker
        t={t}
        open={open}
        onClose={() => setOpen(false)}
        onPick={(media) => {
          onPick(media);
          setOpen(false);
        }}
      />
    </>
  );
}

/** What a pick marks on its form field: changed, and checked at once. */
export const PICKED = { shouldDirty: true, shouldValidate: true } as const;

/**
 * An image address field (`children`) with Choose from the library under it, left out on a
 * read-only form: an article's or a book's cover.
 */
export function LibraryField({
  t,
  label,
  readOnly = false,
  onPick,
  children,
}: {
  t: Translate;
  label: string;
  readOnly?: boolean;
  onPick: (media: MediaRecord) => void;
  children: ReactNode;
}) {
  return (
    <div className="bms-library-field">
      {children}
      {!readOnly && <ChooseFromLibrary t={t} label={label} onPick={onPick} />}
    </div>
  );
}

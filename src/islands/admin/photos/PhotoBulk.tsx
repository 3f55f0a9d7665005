import { useStore } from "@nanostores/react";
import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { PhotoRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import type { Choice } from "../app/fields.tsx";
import { FilterSelect } from "../app/list-parts.tsx";
import { BulkBar, type ItemSelection, useItemSelection } from "../app/selection.tsx";
import { DeleteControl } from "../content/DeleteControl.tsx";
import { actionable, photoBulkSummary } from "./bulk.ts";
import { type BulkAction, useBulkPhotos } from "./queries.ts";

/** The photos chosen for a bulk action, kept by id across pages. */
export const usePhotoSelection = () => useItemSelection<PhotoRecord>();

export type PhotoSelection = ItemSelection<PhotoRecord>;

/** The album choice that takes the selected photos out of their album. */
const NO_ALBUM = "-";

interface Props {
  t: Translate;
  /** The page shown. */
  items: readonly PhotoRecord[];
  selection: PhotoSelection;
  /** The albums, as choices named in the interface language. */
  albums: readonly Choice[];
  /** A bulk action's summary, for the list's status line (`ok` false: something was refused). */
  report: (ok: boolean, message: string) => void;
  /** Every selected photo was deleted: focus goes to the list's heading. */
  onAllDeleted: (message: string) => void;
}

/**
 * The tools for the selected photos: select all on this page (a file's photo is read-only, never
 * selected), how many are selected, and, with some, Publish, Unpublish, an album to move them
 * to, and Delete (after a confirm step). Each photo is one call; one line then says how many
 * were done and why any were refused.
 */
export function PhotoBulk({ t, items, selection, albums, report, onAllDeleted }: Props) {
  const id = useId();
  const locale = useStore($locale);
  const bulk = useBulkPhotos();
  const [album, setAlbum] = useState("");

  async function run(action: BulkAction) {
    const photos = selection.items(items);
    report(true, t("bmsPhotos.bulk.working", { count: photos.length }));
    const target = action === "album" && album !== NO_ALBUM ? album : null;
    const outcome = await bulk.mutateAsync({ photos, action, album: target });
    const summary = photoBulkSummary(t, action, outcome, locale);
    if (action === "delete") {
      selection.select(outcome.done, false);
      if (outcome.refused.length === 0) {
        onAllDeleted(summary);
        return true;
      }
    }
    report(outcome.refused.length === 0, summary);
    return false;
  }

  const busy = bulk.isPending;
  return (
    <BulkBar t={t} words="bmsPhotos.bulk" selectable={actionable(items)} selection={selection}>
      {(countId) => (
        <>
          <div className="bms-actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run("publish")}
            >
              {t("bmsArticles.publish")}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => void run("unpublish")}
            >
              {t("bmsArticles.unpublish")}
            </button>
          </div>
          <div className="bms-photo-move">
            <FilterSelect
              id={`${id}-album`}
              label={t("bmsPhotos.bulk.album")}
              any={t("bmsPhotos.bulk.chooseAlbum")}
              value={album}
              options={[...albums, { value: NO_ALBUM, label: t("bmsPhotos.noAlbum") }]}
              onChange={setAlbum}
            />
            <button
              type="button"
              className="button"
              disabled={busy || album === ""}
              onClick={() => void run("album")}
            >
              {t("bmsPhotos.bulk.setAlbum")}
            </button>
          </div>
          <DeleteControl
            t={t}
            question={t("bmsPhotos.bulk.askDelete", { count: selection.size })}
            describedBy={countId}
            onDelete={() => run("delete")}
          />
        </>
      )}
    </BulkBar>
  );
}

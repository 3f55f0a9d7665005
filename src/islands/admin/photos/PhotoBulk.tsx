import { useStore } from "@nanostores/react";
import type { Translate } from "../../../i18n/core.ts";
import type { PhotoRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { ContentBulk } from "../app/content/ContentBulk.tsx";
import type { Choice } from "../app/fields.tsx";
import { type ItemSelection, useItemSelection } from "../app/selection.tsx";
import { photoName } from "./facts.ts";
import { useBulkPhotos } from "./queries.ts";

/** The photos chosen for a bulk action, kept by id across pages. */
export const usePhotoSelection = () => useItemSelection<PhotoRecord>();

export type PhotoSelection = ItemSelection<PhotoRecord>;

/** The album choice that takes the selected photos out of their album. */
const NO_ALBUM = "-";

/** What moving photos says of how it went. */
export const PHOTO_MOVE_WORDS = {
  done: "bmsPhotos.bulk.moved",
  refused: "bmsPhotos.bulk.notMoved",
} as const;

interface Props {
  t: Translate;
  /** The page shown. */
  items: readonly PhotoRecord[];
  selection: PhotoSelection;
  /** The albums, as choices named in the interface language. */
  albums: readonly Choice[];
  report: (ok: boolean, message: string) => void;
  onAllDeleted: (message: string) => void;
}

/**
 * The photo list's bulk tools (`ContentBulk`): Publish, Unpublish, an album to move the
 * selected photos to (or none), and Delete; photos named by their title in the interface
 * language.
 */
export function PhotoBulk({ t, items, selection, albums, report, onAllDeleted }: Props) {
  const locale = useStore($locale);
  const bulk = useBulkPhotos();
  return (
    <ContentBulk
      t={t}
      words="bmsPhotos.bulk"
      items={items}
      selection={selection}
      name={(photo) => photoName(photo, locale)}
      move={{
        label: t("bmsPhotos.bulk.move"),
        choose: t("bmsPhotos.bulk.choose"),
        button: t("bmsPhotos.bulk.moveTo"),
        choices: [...albums, { value: NO_ALBUM, label: t("bmsPhotos.noAlbum") }],
        field: "album",
        value: (album) => (album === NO_ALBUM ? null : album),
        ...PHOTO_MOVE_WORDS,
      }}
      run={bulk.mutateAsync}
      busy={bulk.isPending}
      report={report}
      onAllDeleted={onAllDeleted}
    />
  );
}

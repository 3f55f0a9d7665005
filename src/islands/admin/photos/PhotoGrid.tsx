import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { PhotoRecord } from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { ScreenLink } from "../app/ScreenLink.tsx";
import { StatusBadge } from "../content/StatusBadge.tsx";
import { CardThumb } from "../media/MediaGrid.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { fileImagePath, photoName, photoSearch } from "./facts.ts";
import type { PhotoSelection } from "./PhotoBulk.tsx";
import { useLibraryImage } from "./queries.ts";

interface Props {
  t: Translate;
  items: readonly PhotoRecord[];
  /** The next page is loading (the grid keeps the last one meanwhile). */
  busy: boolean;
  /** An album's name in the interface language, from its slug. */
  albumName: (slug: string) => string;
  navigate: ScreenProps["navigate"];
  selection: PhotoSelection;
}

/**
 * The photos as a grid of cards: each its thumbnail (a file's photo: a box naming its image
 * file), its title in the interface language opening it in the editor, and its album, status,
 * featured mark and source. A photo of the database has a checkbox for the bulk tools.
 */
export function PhotoGrid({ items, busy, ...card }: Props) {
  return (
    <ul className="bms-cards bms-photo-grid" aria-busy={busy || undefined}>
      {items.map((item) => (
        <PhotoCard key={item.id} item={item} {...card} />
      ))}
    </ul>
  );
}

function PhotoCard({
  t,
  item,
  albumName,
  navigate,
  selection,
}: Omit<Props, "items" | "busy"> & { item: PhotoRecord }) {
  const id = useId();
  const locale = useStore($locale);
  const name = photoName(item, locale);
  const selected = selection.has(item.id);
  return (
    <li className="bms-card" data-selected={selected || undefined}>
      {!item.readOnly && (
        <input
          type="checkbox"
          className="bms-card-select"
          checked={selected}
          aria-label={t("bmsPhotos.select", { title: name })}
          onChange={(event) => selection.toggle(item, event.currentTarget.checked)}
        />
      )}
      <ScreenLink
        navigate={navigate}
        route="editPhoto"
        search={photoSearch(item.id)}
        className="bms-card-open"
        describedBy={`${id}-facts`}
      >
        <Thumbnail t={t} photo={item} />
        <span className="bms-card-title" lang={item.title[locale] ? locale : undefined}>
          {name}
        </span>
      </ScreenLink>
      <ul id={`${id}-facts`} className="bms-card-facts">
        <li>
          <StatusBadge t={t} status={item.status} publishedAt={item.publishedAt} />
        </li>
        {item.featured && <li className="bms-photo-featured">{t("bmsPhotos.featuredMark")}</li>}
        <li>
          {item.album
            ? t("bmsPhotos.albumValue", { name: albumName(item.album) })
            : t("bmsPhotos.noAlbum")}
        </li>
        {item.readOnly && <li>{t("bmsPhotos.readOnlyMark")}</li>}
      </ul>
    </li>
  );
}

/** A card's thumbnail box, as a photo's (the look of the photo list finds it by that name). */
const THUMB = "bms-card-thumb bms-photo-thumb";

/**
 * A photo's thumbnail in a box of fixed shape: the library image's narrowest served file on its
 * own colour; a file's own image has no served file in the back office, so its box names it.
 */
export function Thumbnail({ t, photo }: { t: Translate; photo: PhotoRecord }) {
  const image = useLibraryImage(photo.readOnly ? "" : photo.image);
  if (photo.readOnly) {
    return (
      <span className={`${THUMB} bms-photo-placeholder`}>
        <span>{fileImagePath(photo)}</span>
      </span>
    );
  }
  const media = image.data;
  if (!media) {
    return (
      <span className={`${THUMB} bms-photo-placeholder`}>
        {image.isError && <span>{t("bmsPhotos.imageGone")}</span>}
      </span>
    );
  }
  return <CardThumb image={media} className="bms-photo-thumb" />;
}

import { useStore } from "@nanostores/react";
import { useId } from "react";
import type { Translate } from "../../../../i18n/core.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { $locale } from "../../../../stores/locale.ts";
import { formatBytes, thumbnailOf } from "./facts.ts";
import "../cards.css";

/** The images selected for a bulk action (the screen's grid has a checkbox on each). */
export interface GridSelection {
  has: (id: string) => boolean;
  toggle: (item: MediaRecord, on: boolean) => void;
}

interface Props {
  t: Translate;
  items: readonly MediaRecord[];
  /** The next page is loading (the grid keeps the last one meanwhile). */
  busy: boolean;
  /** What a card's button does: the screen opens the image's details, the picker chooses it. */
  onOpen: (item: MediaRecord) => void;
  /** The card button's name, when its file name alone does not say what it does. */
  openLabel?: ((item: MediaRecord) => string) | undefined;
  selection?: GridSelection | undefined;
}

/**
 * The library as a grid of cards: each a thumbnail (the narrowest served file, on the image's
 * own colour, in a box of fixed shape so nothing moves as images arrive), the file's name, and
 * its size, dimensions and uses.
 */
export function MediaGrid({ t, items, busy, onOpen, openLabel, selection }: Props) {
  return (
    <ul className="bms-cards" aria-busy={busy || undefined}>
      {items.map((item) => (
        <MediaCard
          key={item.id}
          t={t}
          item={item}
          onOpen={onOpen}
          openLabel={openLabel}
          selection={selection}
        />
      ))}
    </ul>
  );
}

function MediaCard({
  t,
  item,
  onOpen,
  openLabel,
  selection,
}: Omit<Props, "items" | "busy"> & { item: MediaRecord }) {
  const id = useId();
  const locale = useStore($locale);
  const selected = selection?.has(item.id) ?? false;
  const uses = item.usedBy.length;
  return (
    <li className="bms-card" data-selected={selected || undefined}>
      {selection && (
        <input
          type="checkbox"
          className="bms-card-select"
          checked={selected}
          aria-label={t("media.card.select", { name: item.name })}
          onChange={(event) => selection.toggle(item, event.currentTarget.checked)}
        />
      )}
      <button
        type="button"
        className="bms-card-open"
        aria-label={openLabel?.(item)}
        aria-describedby={`${id}-facts`}
        onClick={() => onOpen(item)}
      >
        <CardThumb image={item} />
        <span className="bms-card-title">{item.name}</span>
      </button>
      <p id={`${id}-facts`} className="bms-card-facts">
        <span>{formatBytes(item.bytes, locale)}</span>
        <span>{t("media.card.dimensions", { width: item.width, height: item.height })}</span>
        <span>{uses > 0 ? t("media.card.usedBy", { count: uses }) : t("media.card.unused")}</span>
      </p>
    </li>
  );
}

/**
 * An image's thumbnail on a card: its narrowest served file on its own colour, in a box of fixed
 * shape (`className` adds the feature's own).
 */
export function CardThumb({ image, className }: { image: MediaRecord; className?: string }) {
  const thumb = thumbnailOf(image);
  return (
    <span
      className={className ? `bms-card-thumb ${className}` : "bms-card-thumb"}
      style={{ backgroundColor: image.color }}
    >
      <picture>
        {thumb.avif && <source type="image/avif" srcSet={thumb.avif.src} />}
        <img
          src={thumb.webp}
          alt=""
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      </picture>
    </span>
  );
}

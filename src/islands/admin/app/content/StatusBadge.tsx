import type { Translate } from "../../../../i18n/core.ts";
import {
  type ContentSource,
  type ContentStatus,
  statusNow,
} from "../../../../shared/content-rules.ts";
import { formatTime } from "../time.ts";

/** An item's status with its time: "Draft", "Published 12 Oct 2026, 15:45", "Scheduled for …". */
export function StatusBadge({
  t,
  status: stored,
  publishedAt = null,
}: {
  t: Translate;
  status: ContentStatus;
  publishedAt?: string | null;
}) {
  const time = publishedAt ? formatTime(publishedAt) : "";
  // A list opened before a scheduled time shows the item as published once the time has come.
  const status = statusNow(stored, publishedAt);
  const label =
    status === "scheduled" && time
      ? t("bmsNotes.scheduledFor", { time })
      : status === "published" && time
        ? t("bmsNotes.publishedAt", { time })
        : t(`bmsNotes.statuses.${status}`);
  return (
    <span className="bms-badge" data-status={status}>
      {publishedAt ? <time dateTime={publishedAt}>{label}</time> : label}
    </span>
  );
}

/** An item's facts about where it lives: its source, and when it last changed if known. */
export function SourceFacts({
  t,
  item,
}: {
  t: Translate;
  item: { source: ContentSource; updatedAt?: string | null };
}) {
  return (
    <>
      <li>{t("bmsContent.sourceValue", { source: t(`bmsNotes.sources.${item.source}`) })}</li>
      {item.updatedAt && (
        <li>
          <time dateTime={item.updatedAt}>
            {t("bmsContent.updated", { time: formatTime(item.updatedAt) })}
          </time>
        </li>
      )}
    </>
  );
}

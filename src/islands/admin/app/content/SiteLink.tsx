import type { Translate } from "../../../../i18n/core.ts";
import type { ContentStatus } from "../../../../shared/content-rules.ts";
import { type SiteKind, sitePaths } from "../../../../shared/site-paths.ts";

interface Props {
  t: Translate;
  kind: SiteKind;
  item: { slug: string; status: ContentStatus };
  /** The id of the item's title, which names the link for assistive technology. */
  describedBy: string;
}

/**
 * "View on site" for a live item (published, or scheduled and its time come): its page on the
 * built site, in a new tab. A draft has no page yet; nothing is shown for it.
 */
export function SiteLink({ t, kind, item, describedBy }: Props) {
  if (item.status !== "published") return null;
  return (
    <a
      className="button"
      href={sitePaths[kind](item.slug)}
      target="_blank"
      rel="noopener"
      aria-describedby={describedBy}
    >
      {t("bmsContent.viewOnSite")}
    </a>
  );
}

import { useQuery } from "@tanstack/react-query";
import type { Translate } from "../../../../i18n/core.ts";
import { api, send } from "../../../../shared/api-client.ts";
import type { SLUG_KINDS } from "../../../../shared/content.ts";
import { CONTENT_LIMITS, SLUG } from "../../../../shared/content-rules.ts";
import { dataOf, useSettled } from "../query.ts";

// Whether the slug being typed is free, asked once typing pauses: an editor says it before the
// save would be refused.

type SlugKind = (typeof SLUG_KINDS)[number];

/** `GET /api/admin/slug-use` for a well-formed slug once typing has paused. */
function useSlugUse(kind: SlugKind, slug: string, except: string | undefined) {
  const settled = useSettled(slug, 300);
  const asked = SLUG.test(settled) && settled.length <= CONTENT_LIMITS.slug;
  const query = useQuery({
    queryKey: ["slug-use", kind, settled, except ?? ""],
    queryFn: () =>
      dataOf(
        send(
          api.admin["slug-use"].$get({
            query: { kind, slug: settled, ...(except ? { except } : {}) },
          }),
        ),
      ),
    enabled: asked,
    staleTime: 10_000,
  });
  // Only an answer about the slug as it now stands.
  return query.data?.slug === slug ? query.data : null;
}

/**
 * A line under a slug field: free, or taken (by a file, named, or by another item); nothing
 * while the slug is being typed or is not well formed (the field says why).
 */
export function SlugUseNote({
  t,
  kind,
  slug,
  except,
}: {
  t: Translate;
  kind: SlugKind;
  slug: string;
  /** The item being edited: its own slug is no conflict. */
  except?: string | undefined;
}) {
  const use = useSlugUse(kind, slug, except);
  return (
    <p
      className="field-hint bms-slug-use"
      aria-live="polite"
      data-taken={use && !use.free ? "" : undefined}
    >
      {use &&
        (use.free
          ? t("bmsEditor.slug.free", { slug })
          : use.file
            ? t("bmsEditor.slug.takenByFile", { slug, file: use.file })
            : t("bmsEditor.slug.taken", { slug }))}
    </p>
  );
}

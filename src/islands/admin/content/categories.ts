import { useEffect, useState } from "react";
import { api, send } from "../../../shared/api-client.ts";
import type { CategoryRecord } from "../../../shared/content.ts";
import type { ContentLang } from "../../../shared/content-rules.ts";

export type Categories =
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; items: CategoryRecord[] };

/** Every category (files' and the database's, by order), loaded once per screen. */
export function useCategories(): Categories {
  const [categories, setCategories] = useState<Categories>({ state: "loading" });
  useEffect(() => {
    let live = true;
    send(api.admin.categories.$get({ query: { pageSize: "100" } }))
      .then(
        (r) =>
          live &&
          setCategories(r.success ? { state: "ready", items: r.data.items } : { state: "failed" }),
      )
      .catch(() => live && setCategories({ state: "failed" }));
    return () => {
      live = false;
    };
  }, []);
  return categories;
}

/** A category's name in the interface language, or its slug when it is unknown. */
export function categoryName(categories: Categories, slug: string, locale: ContentLang): string {
  if (categories.state !== "ready") return slug;
  return categories.items.find((c) => c.slug === slug)?.name[locale] ?? slug;
}

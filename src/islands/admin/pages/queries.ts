import { useQuery } from "@tanstack/react-query";
import { api, send } from "../../../shared/api-client.ts";
import type { PageRecord, PageSlug } from "../../../shared/content.ts";
import { saveHeaders } from "../app/content/keeping.ts";
import { dataOf, useWrite } from "../app/query.ts";
import type { PageValues } from "./schema.ts";

/** The site's pages written here (the about page), each page's languages together. */
export const pagesKey = ["pages"] as const;

/** Both languages of a page, Chinese first: the saved text, else the file's. */
export const usePages = (slug: PageSlug) =>
  useQuery({
    queryKey: [...pagesKey, slug],
    queryFn: () => dataOf(send(api.admin.pages[":slug"].$get({ param: { slug } }))),
  });

/** A language of a page saved over what the form opened. */
interface PageSave {
  /** The page as the form read or last saved it. */
  page: Pick<PageRecord, "slug" | "lang" | "updatedAt">;
  values: PageValues;
  /** Save over a text saved elsewhere since (else such a save is refused). */
  force?: boolean;
}

/**
 * What a save expects to replace: the saved text it opened (`If-Match`), or, opened from the
 * file, that no text was saved since (`If-None-Match: *`); nothing when saving over on purpose.
 */
function expectation({ page, force }: PageSave): Record<string, string> {
  if (force) return {};
  return page.updatedAt ? saveHeaders({ updatedAt: page.updatedAt }) : { "if-none-match": "*" };
}

/** Saves a language of a page; the site is rebuilt with it. */
export const useSavePage = () =>
  useWrite(pagesKey, (save: PageSave) =>
    dataOf(
      send(
        api.admin.pages[":slug"][":lang"].$put(
          { param: { slug: save.page.slug, lang: save.page.lang }, json: save.values },
          { headers: expectation(save) },
        ),
      ),
    ),
  );

/** Goes back to the page's file, forgetting the text saved here and its history. */
export const useRevertPage = () =>
  useWrite(pagesKey, (page: Pick<PageRecord, "slug" | "lang">) =>
    dataOf(
      send(
        api.admin.pages[":slug"][":lang"].$delete({ param: { slug: page.slug, lang: page.lang } }),
      ),
    ),
  );

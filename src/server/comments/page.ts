import type { Element, ElementContent, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toHtml } from "hast-util-to-html";
import { h } from "hastscript";
import { type Locale, translator } from "../../i18n/core.ts";
import type { CommentRecord } from "../../shared/comments.ts";

// An item's comments as a page of their own, for readers without JavaScript: the link under
// the item (src/components/content/Comments.astro) leads here. The static site cannot render
// per request, and the API cannot run Astro components, so this one page is a hast tree,
// which escapes every text it is given; a comment's HTML was sanitised when it was written
// (render.ts) and is parsed into the tree, never pasted in. Its look is one stylesheet of the
// site's (public/comments-page.css), light or dark as the reader's system says.

/** The page's own stylesheet, served by the site: the API's HTML policy lets it load. */
export const COMMENTS_PAGE_CSS = "/comments-page.css";

export interface CommentsPage {
  locale: Locale;
  /** The item's title (or its path), and where it is on the site. */
  title: string;
  href: string;
  /** Its approved comments (and deleted ones others answered), oldest first; null: no item. */
  comments: readonly CommentRecord[] | null;
}

/** One comment: who, when, what, whom it answers. */
function comment(record: CommentRecord, locale: Locale, when: Intl.DateTimeFormat): Element {
  const t = translator(locale);
  if (record.status === "deleted")
    return h("article.comment.deleted", { id: `comment-${record.id}` }, [
      h("p", t("comments.deleted")),
    ]);
  const name = record.author.gone ? t("comments.deletedReader") : record.author.name;
  const body = fromHtml(record.html, { fragment: true }).children as ElementContent[];
  return h(
    "article.comment",
    { id: `comment-${record.id}`, lang: record.lang, "aria-labelledby": `by-${record.id}` },
    [
      h("header", [
        h(
          "strong",
          { id: `by-${record.id}` },
          record.author.url
            ? h("a", { href: record.author.url, rel: "ugc nofollow noopener" }, name)
            : name,
        ),
        record.author.owner ? [" ", h("span.mark", t("comments.author"))] : [],
        record.replyTo
          ? [
              " ",
              h(
                "a.answering",
                { href: `#comment-${record.replyTo.id}` },
                t("comments.answering", { name: record.replyTo.name }),
              ),
            ]
          : [],
        " ",
        h("time", { dateTime: record.createdAt }, when.format(new Date(record.createdAt))),
        record.editedAt ? [" · ", t("comments.edited")] : [],
      ]),
      h("div.body", body),
    ],
  );
}

/** The threads: each first comment, then its replies, indented. */
function threads(records: readonly CommentRecord[], locale: Locale): Element {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const firsts = records.filter((record) => record.threadId === null);
  return h(
    "ol.threads",
    firsts.map((first) => {
      const replies = records.filter((record) => record.threadId === first.id);
      return h("li", [
        comment(first, locale, when),
        replies.length
          ? h(
              "ol.replies",
              replies.map((reply) => h("li", comment(reply, locale, when))),
            )
          : [],
      ]);
    }),
  );
}

/** The whole page as HTML. */
export function renderCommentsPage(page: CommentsPage): string {
  const t = translator(page.locale);
  const title = t("comments.page.title", { page: page.title });
  const list = page.comments;
  const main =
    list === null
      ? [h("h1", t("comments.title")), h("p", t("comments.page.missing"))]
      : [
          h("h1", title),
          list.length ? threads(list, page.locale) : h("p", t("comments.none")),
          h("p.write", t("comments.page.write")),
        ];
  const tree: Root = {
    type: "root",
    children: [
      { type: "doctype" },
      h("html", { lang: page.locale }, [
        h("head", [
          h("meta", { charset: "utf-8" }),
          h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
          h("meta", { name: "robots", content: "noindex" }),
          h("title", title),
          h("link", { rel: "stylesheet", href: COMMENTS_PAGE_CSS }),
        ]),
        h("body", [
          h("main", [h("p", h("a", { href: page.href }, `← ${t("comments.page.back")}`)), ...main]),
        ]),
      ]),
    ],
  };
  return toHtml(tree);
}

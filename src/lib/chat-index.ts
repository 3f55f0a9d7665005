import type { ChatIndexFile, ChatPassage } from "../shared/chat-rules.ts";
import { sitePaths } from "../shared/site-paths.ts";
import { type ChapterNode, liveBooks } from "./books.ts";
import { passagesOfHtml } from "./chat-passages.ts";
import {
  BUILD_TIME,
  liveArticles,
  liveNotes,
  notePath,
  notePreview,
  translationOf,
} from "./content.ts";

// The AI chat's index (/d-chat/passages.json, src/pages/d-chat/passages.json.ts): every live
// article, note, book and chapter of both languages as passages, from the HTML the build
// rendered for its page, so each passage's anchor is the id its page gives the heading. What is
// live is what the pages show (liveArticles, liveNotes, liveBooks): drafts and items scheduled
// after the build never enter it.

/**
 * Where each node of a book's tree stands ("2" the second chapter, "2.1" its first
 * sub-chapter): translated books are written separately, chapter by chapter, so a chapter's
 * translation is the one at the same place in the other language's tree.
 */
function positions(tree: readonly ChapterNode[]): Map<string, string> {
  const at = new Map<string, string>();
  for (const [i, node] of tree.entries()) {
    at.set(node.slug, `${i + 1}`);
    for (const [j, child] of node.children.entries()) at.set(child.slug, `${i + 1}.${j + 1}`);
  }
  return at;
}

async function bookPassages(): Promise<ChatPassage[]> {
  const books = await liveBooks();
  // Every position each translation key's books have, per language.
  const placesByKey = new Map<string, Map<string, Set<string>>>();
  for (const { book, tree } of books) {
    const key = book.data.translationKey;
    if (!key) continue;
    const byLang = placesByKey.get(key) ?? new Map<string, Set<string>>();
    byLang.set(book.data.lang, new Set(positions(tree).values()));
    placesByKey.set(key, byLang);
  }
  /** The pair of a book (place undefined) or of its chapter at `place`: null without a live translation there. */
  const pairOf = (key: string | null | undefined, lang: string, place?: string): string | null => {
    if (!key) return null;
    const others = [...(placesByKey.get(key) ?? new Map<string, Set<string>>())].filter(
      ([other]) => other !== lang,
    );
    if (others.length === 0) return null;
    if (place === undefined) return `book:${key}`;
    return others.some(([, places]) => places.has(place)) ? `book:${key}/${place}` : null;
  };
  const passages: ChatPassage[] = [];
  for (const { book, slug, tree, order } of books) {
    const { title, lang, description, translationKey, publishedAt } = book.data;
    const date = (publishedAt ?? BUILD_TIME).toISOString();
    const path = sitePaths.book(slug);
    // The book's own page: its description and foreword. PassageKind has no "book": it reads as
    // the book's opening chapter.
    passages.push(
      ...passagesOfHtml(
        book.rendered?.html ?? "",
        { kind: "chapter", title, path, lang, date, pair: pairOf(translationKey, lang) },
        { intro: description },
      ),
    );
    const place = positions(tree);
    for (const node of order) {
      passages.push(
        ...passagesOfHtml(node.chapter.rendered?.html ?? "", {
          kind: "chapter",
          // As the chapter's page is titled: the chapter, then its book.
          title: `${node.chapter.data.title} · ${title}`,
          path: `${path}${node.slug}/`,
          lang,
          date,
          pair: pairOf(translationKey, lang, place.get(node.slug)),
        }),
      );
    }
  }
  return passages;
}

/** Every live piece's passages: articles (pinned, then newest first), notes, then books. */
export async function chatIndex(): Promise<ChatIndexFile> {
  const passages: ChatPassage[] = [];
  const articles = await liveArticles();
  for (const article of articles) {
    const { title, subtitle, lang, publishedAt, translationKey } = article.data;
    passages.push(
      ...passagesOfHtml(
        article.rendered?.html ?? "",
        {
          kind: "article",
          title,
          path: sitePaths.article(article.id),
          lang,
          date: publishedAt.toISOString(),
          // Only a translation readers can reach pairs it.
          pair: translationKey && translationOf(article, articles) ? translationKey : null,
        },
        { intro: subtitle },
      ),
    );
  }
  for (const note of await liveNotes()) {
    passages.push(
      ...passagesOfHtml(
        note.rendered?.html ?? "",
        {
          kind: "note",
          title: notePreview(note.body, 40),
          path: notePath(note),
          lang: note.data.lang,
          date: note.data.publishedAt.toISOString(),
          pair: null,
        },
        { byHeading: false },
      ),
    );
  }
  passages.push(...(await bookPassages()));
  return { version: 1, passages };
}

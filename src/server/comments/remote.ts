import type { CommentKind } from "../../shared/comments.ts";
import type { ContentLang } from "../../shared/content-rules.ts";
import { isSocialUrl } from "../../shared/kinds/settings.ts";
import type { Db } from "../db/client.ts";
import { currentSettings } from "../site-config/settings.ts";
import { renderComment } from "./render.ts";
import * as repo from "./repository.ts";

// Comments that come from elsewhere: a reply from the fediverse (src/server/fediverse/) to one
// of the blog's items, held for the owner like a guest's first comment.

/** A reply from the fediverse to an item, as the inbox hands it over. */
export interface RemoteReply {
  kind: CommentKind;
  item: string;
  /** The author's name as their server gives it, else their handle. */
  name: string;
  /** Their profile page. */
  url: string | null;
  /** Their post's id: a second delivery of it is no second comment. */
  id: string;
  /** The post's text (its HTML made text by the caller). */
  text: string;
  lang: ContentLang;
}

/**
 * Keeps a reply from the fediverse as a comment waiting for the owner, like a guest's first:
 * nothing shows until it is approved. Answers whether it was new. Refused while comments are
 * closed; a post delivered again is kept once.
 */
export async function holdRemoteReply(db: Db, reply: RemoteReply): Promise<boolean> {
  const settings = await currentSettings(db);
  if (!settings.commentsOpen) return false;
  const body = reply.text.slice(0, 4000);
  const { html } = renderComment(body);
  return repo.insertRemoteComment(db, {
    kind: reply.kind,
    item: reply.item,
    guestName: reply.name.slice(0, 80) || "?",
    // Linked from the site: an http(s) address elsewhere only (a social link's rule), never
    // `javascript:`.
    remoteUrl: reply.url && isSocialUrl(reply.url) ? reply.url : null,
    remoteId: reply.id,
    body,
    html,
    lang: reply.lang,
    status: "pending",
  });
}

import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { type Locale, translator } from "../../i18n/reader.ts";
import { api, byId, send } from "../../shared/api-client.ts";
import { type CommentKind, type CommentRecord, isEditable } from "../../shared/comment-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { $userInfo } from "../../stores/user.ts";
import { reactIsland } from "../react-island.ts";
import { BothLanguages } from "../ui/BothLanguages.tsx";
import { FormStatus, useStatusLine } from "../ui/FormStatus.tsx";
import { EditForm, failureText, signInHref, WriteForm } from "./comment-forms.tsx";
import "./comments.css";

// Readers' comments under an article, a note or a chapter. Loaded from the API once the island
// scrolls into view (client:visible): a reader who never gets here loads nothing. Comments
// never reach the built page, so writing one triggers no build.

interface Props {
  kind: CommentKind;
  item: string;
  /** The item's language: what a comment is marked written in. */
  lang: Locale;
  /** The settings when the page was built: new comments taken at all, and from guests. */
  open: boolean;
  guests: boolean;
}

type List =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "failed" }
  | { state: "ready"; comments: CommentRecord[] };

const editable = (comment: CommentRecord) => comment.mine && isEditable(comment.createdAt);

function CommentsIsland({ kind, item, lang, open, guests }: Props) {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const user = useStore($userInfo);
  const signedIn = Boolean(user?.user.isLogin);
  const [list, setList] = useState<List>({ state: "idle" });
  const [replyTo, setReplyTo] = useState<CommentRecord | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const status = useStatusLine();

  /** The comment to focus once it shows (one just written or saved). */
  const [focusId, setFocusId] = useState<string | null>(null);

  /** Loads the comments; a list already shown stays while it loads again. */
  const load = useCallback(async () => {
    setList((shown) => (shown.state === "ready" ? shown : { state: "loading" }));
    const answer = await send(api.comments.$get({ query: { kind, item } }));
    setList(answer.success ? { state: "ready", comments: answer.data } : { state: "failed" });
  }, [kind, item]);

  // Mounted means visible (client:visible): load now. Before that the server's render shows only
  // the heading, so a reader without JavaScript sees no form that cannot work.
  useEffect(() => {
    void load();
  }, [load]);

  /** Shows the list again from the server, then focuses comment `id` when it is there. */
  const reloadAndFocus = async (id: string) => {
    await load();
    setFocusId(id);
  };

  useEffect(() => {
    if (!focusId || list.state !== "ready") return;
    document.getElementById(`comment-${focusId}`)?.focus();
    setFocusId(null);
  }, [focusId, list]);

  const dateFormat = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }),
    [locale],
  );

  const remove = async (comment: CommentRecord) => {
    if (!window.confirm(t("comments.confirmDelete"))) return;
    const answer = await send(api.comments[":id"].$delete(byId(comment.id)));
    if (!answer.success) return status.report(false, failureText(t, answer));
    status.report(true, t("comments.removed"));
    await load();
  };

  const comments = list.state === "ready" ? list.comments : [];
  const threads = comments.filter((comment) => comment.threadId === null);
  const shown = comments.filter((comment) => comment.status !== "deleted").length;

  const renderComment = (comment: CommentRecord) => (
    <article
      className="comment"
      id={`comment-${comment.id}`}
      tabIndex={-1}
      aria-label={comment.author.name || t("comments.deletedReader")}
    >
      {comment.status === "deleted" ? (
        <p className="comment-deleted">{t("comments.deleted")}</p>
      ) : (
        <>
          <header className="comment-head">
            <strong className="comment-author">
              {comment.author.url ? (
                // A fediverse author's profile: an http(s) address, checked on the server.
                <a href={comment.author.url} rel="ugc nofollow noopener">
                  {comment.author.name}
                </a>
              ) : comment.author.gone ? (
                t("comments.deletedReader")
              ) : (
                comment.author.name
              )}
            </strong>
            {comment.author.owner && <span className="comment-badge">{t("comments.author")}</span>}
            {comment.replyTo && (
              <a className="comment-answering" href={`#comment-${comment.replyTo.id}`}>
                {t("comments.answering", { name: comment.replyTo.name })}
              </a>
            )}
            <time dateTime={comment.createdAt}>
              {dateFormat.format(new Date(comment.createdAt))}
            </time>
            {comment.editedAt && <span className="comment-edited">{t("comments.edited")}</span>}
            {comment.status === "pending" && (
              <span className="comment-pending">{t("comments.pending")}</span>
            )}
          </header>
          {editing === comment.id ? (
            <EditForm
              t={t}
              comment={comment}
              onDone={async (saved) => {
                setEditing(null);
                if (saved) {
                  status.report(true, t("comments.saved"));
                  await reloadAndFocus(comment.id);
                }
              }}
              onFailure={(message) => status.report(false, message)}
            />
          ) : (
            <div
              className="comment-body"
              lang={comment.lang}
              // Made on the server from the comment's Markdown and sanitised there with an
              // allowlist (src/server/comments/render.ts): no script, style or image can be in it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML, see above
              dangerouslySetInnerHTML={{ __html: comment.html }}
            />
          )}
          <div className="comment-actions">
            <button type="button" className="link-button" onClick={() => setReplyTo(comment)}>
              {t("comments.reply")}
            </button>
            {editable(comment) && editing !== comment.id && (
              <button type="button" className="link-button" onClick={() => setEditing(comment.id)}>
                {t("comments.edit")}
              </button>
            )}
            {comment.mine && (
              <button type="button" className="link-button" onClick={() => void remove(comment)}>
                {t("comments.delete")}
              </button>
            )}
          </div>
        </>
      )}
    </article>
  );

  return (
    <section
      // Until the island runs, the form's place is kept (comments.css), so nothing below moves.
      className={list.state === "idle" && open && guests ? "comments comments-awaited" : "comments"}
      aria-labelledby="comments-title"
    >
      <h2 id="comments-title">
        {/* The server's render knows no reader's language: both, as every static text. */}
        {list.state === "idle" ? <BothLanguages k="comments.title" /> : t("comments.title")}
        {list.state === "ready" && shown > 0 && (
          <span className="comments-count"> · {t("comments.count", { count: shown })}</span>
        )}
      </h2>
      {list.state === "loading" && (
        <p role="status" className="comments-note">
          {t("comments.loading")}
        </p>
      )}
      {list.state === "failed" && (
        <div role="alert" className="comments-note">
          <p>{t("comments.loadFailed")}</p>
          <button type="button" className="button" onClick={() => void load()}>
            {t("comments.retry")}
          </button>
        </div>
      )}
      {list.state === "ready" && threads.length === 0 && (
        <p className="comments-note">{t("comments.none")}</p>
      )}
      {threads.length > 0 && (
        <ol className="comment-threads">
          {threads.map((root) => {
            const replies = comments.filter((comment) => comment.threadId === root.id);
            return (
              <li key={root.id}>
                {renderComment(root)}
                {replies.length > 0 && (
                  <ol className="comment-replies">
                    {replies.map((reply) => (
                      <li key={reply.id}>{renderComment(reply)}</li>
                    ))}
                  </ol>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {list.state !== "idle" && !open && <p className="comments-note">{t("comments.closed")}</p>}
      {list.state !== "idle" && open && !guests && !signedIn && (
        <p className="comments-note">
          <a href={signInHref()}>{t("comments.signInToComment")}</a>
        </p>
      )}
      {list.state !== "idle" && open && (guests || signedIn) && (
        <WriteForm
          t={t}
          kind={kind}
          item={item}
          lang={lang}
          signedIn={signedIn}
          userName={user?.user.userName ?? ""}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onWritten={async (written) => {
            setReplyTo(null);
            if (written.status === "pending" && !written.mine) {
              status.report(true, t("comments.held"));
              return;
            }
            status.report(
              true,
              t(written.status === "pending" ? "comments.held" : "comments.posted"),
            );
            await reloadAndFocus(written.id);
          }}
          onFailure={(message) => status.report(false, message)}
          onTyping={status.clear}
        />
      )}
      <FormStatus {...status.line} />
    </section>
  );
}

export default reactIsland(CommentsIsland);

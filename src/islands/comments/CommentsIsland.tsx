import { useStore } from "@nanostores/react";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { isMessageKey, type Locale, type Translate, translator } from "../../i18n/core.ts";
import { api, byId, send } from "../../shared/api-client.ts";
import {
  COMMENT_LIMITS,
  type CommentKind,
  type CommentRecord,
  checkComment,
  isEditable,
} from "../../shared/comment-rules.ts";
import type { ErrorInfo } from "../../shared/envelope.ts";
import { $locale } from "../../stores/locale.ts";
import { $userInfo } from "../../stores/user.ts";
import { reactIsland } from "../react-island.ts";
import { BothLanguages } from "../ui/BothLanguages.tsx";
import { FormStatus, useStatusLine } from "../ui/FormStatus.tsx";
import { bindFields, checksResolver, FormTextField } from "../ui/form-fields.tsx";
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

interface Fields {
  body: string;
  name: string;
  email: string;
  /** Never shown to people: a bot fills it (the server then writes nothing). */
  website: string;
}

const EMPTY: Fields = { body: "", name: "", email: "", website: "" };

/** A failed call in the reader's words: a wait, the server's own words, or its message. */
function failureText(t: Translate, failure: { message: string; error?: ErrorInfo | undefined }) {
  if (failure.error?.retryAfterSeconds)
    return t("comments.errors.tooMany", { seconds: failure.error.retryAfterSeconds });
  const key = failure.error?.issues?.[0]?.key;
  if (key && isMessageKey(key)) return t(key);
  return t("comments.errors.failed", { message: failure.message });
}

const editable = (comment: CommentRecord) => comment.mine && isEditable(comment.createdAt);

/** The sign-in page, coming back here after. */
const signInHref = () => `/register-login?redirect=${encodeURIComponent(location.pathname)}`;

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
              {comment.author.gone ? t("comments.deletedReader") : comment.author.name}
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
    <section className="comments" aria-labelledby="comments-title">
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

interface WriteProps {
  t: Translate;
  kind: CommentKind;
  item: string;
  lang: Locale;
  signedIn: boolean;
  userName: string;
  replyTo: CommentRecord | null;
  onCancelReply: () => void;
  onWritten: (written: CommentRecord) => Promise<void>;
  onFailure: (message: string) => void;
  onTyping: () => void;
}

/** The form under the comments: a comment, or a reply to the one chosen. */
function WriteForm(props: WriteProps) {
  const { t, signedIn, replyTo } = props;
  const id = useId();
  const form = useForm<Fields>({
    defaultValues: EMPTY,
    resolver: checksResolver((fields) =>
      checkComment({ ...fields, guest: !signedIn, body: fields.body }),
    ),
  });
  const bind = bindFields(form.control, t, id);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (replyTo) form.setFocus("body");
  }, [replyTo, form]);

  const submit = form.handleSubmit(async (fields) => {
    if (sending) return;
    setSending(true);
    const answer = await send(
      api.comments.$post({
        json: {
          kind: props.kind,
          item: props.item,
          body: fields.body,
          lang: props.lang,
          ...(replyTo ? { replyTo: replyTo.id } : {}),
          ...(signedIn ? {} : { name: fields.name, email: fields.email }),
          ...(fields.website ? { website: fields.website } : {}),
        },
      }),
    );
    setSending(false);
    if (!answer.success) return props.onFailure(failureText(t, answer));
    form.reset(signedIn ? EMPTY : { ...EMPTY, name: fields.name, email: fields.email });
    await props.onWritten(answer.data);
  });

  return (
    <form className="comment-form" noValidate onSubmit={submit} aria-busy={sending}>
      {replyTo && (
        <p className="comment-replying">
          {t("comments.replyingTo", {
            name: replyTo.author.name || t("comments.deletedReader"),
          })}{" "}
          <button type="button" className="link-button" onClick={props.onCancelReply}>
            {t("comments.cancelReply")}
          </button>
        </p>
      )}
      <p className="comments-note">
        {signedIn ? (
          t("comments.signedInAs", { name: props.userName })
        ) : (
          <>
            {t("comments.guestIntro")} <a href={signInHref()}>{t("comments.signIn")}</a>
          </>
        )}
      </p>
      <FormTextField
        {...bind("body")}
        label={t("comments.body")}
        hint={t("comments.bodyHint")}
        multiline
        maxLength={COMMENT_LIMITS.body}
      />
      {!signedIn && (
        <div className="comment-guest">
          <FormTextField
            {...bind("name")}
            label={t("comments.name")}
            maxLength={COMMENT_LIMITS.name}
            autoComplete="name"
          />
          <FormTextField
            {...bind("email")}
            label={t("comments.email")}
            hint={t("comments.emailHint")}
            type="email"
            maxLength={COMMENT_LIMITS.email}
            autoComplete="email"
          />
        </div>
      )}
      <div className="comment-trap" aria-hidden="true">
        <label>
          {t("comments.website")}
          <input tabIndex={-1} autoComplete="off" {...form.register("website")} />
        </label>
      </div>
      <button type="submit" className="button button-primary" disabled={sending}>
        {sending ? t("comments.submitting") : t("comments.submit")}
      </button>
    </form>
  );
}

interface EditProps {
  t: Translate;
  comment: CommentRecord;
  onDone: (saved: boolean) => Promise<void>;
  onFailure: (message: string) => void;
}

/** A comment's text again, in place, while its edit window is open. */
function EditForm({ t, comment, onDone, onFailure }: EditProps) {
  const id = useId();
  const form = useForm<Pick<Fields, "body">>({
    defaultValues: { body: comment.body ?? "" },
    resolver: checksResolver((fields) => ({
      body: checkComment({ body: fields.body, guest: false, name: "", email: "" }).body,
    })),
  });
  const bind = bindFields(form.control, t, id);

  useEffect(() => form.setFocus("body"), [form]);

  const save = form.handleSubmit(async ({ body }) => {
    const answer = await send(api.comments[":id"].$put({ ...byId(comment.id), json: { body } }));
    if (!answer.success) {
      onFailure(answer.code === 409 ? t("comments.errors.editWindow") : failureText(t, answer));
      return;
    }
    await onDone(true);
  });

  return (
    <form className="comment-edit" noValidate onSubmit={save}>
      <FormTextField {...bind("body")} label={t("comments.editLabel")} multiline />
      <div className="comment-actions">
        <button type="submit" className="button button-primary">
          {t("comments.save")}
        </button>
        <button type="button" className="button" onClick={() => void onDone(false)}>
          {t("comments.cancel")}
        </button>
      </div>
    </form>
  );
}

export default reactIsland(CommentsIsland);

import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { isMessageKey, type Locale, type ReaderTranslate } from "../../i18n/reader.ts";
import { api, byId, send } from "../../shared/api-client.ts";
import {
  COMMENT_LIMITS,
  type CommentKind,
  type CommentRecord,
  checkComment,
} from "../../shared/comment-rules.ts";
import type { ErrorInfo } from "../../shared/envelope.ts";
import { bindFields, checksResolver, FormTextField } from "../ui/form-fields.tsx";

// The comments' two forms (react-hook-form with the shared checks): a new comment or reply,
// and a comment's text again while its edit window is open.

interface Fields {
  body: string;
  name: string;
  email: string;
  /** Never shown to people: a bot fills it (the server then writes nothing). */
  website: string;
}

const EMPTY: Fields = { body: "", name: "", email: "", website: "" };

/** A failed call in the reader's words: a wait, the server's own words, or its message. */
export function failureText(
  t: ReaderTranslate,
  failure: { message: string; error?: ErrorInfo | undefined },
) {
  if (failure.error?.retryAfterSeconds)
    return t("comments.errors.tooMany", { seconds: failure.error.retryAfterSeconds });
  const key = failure.error?.issues?.[0]?.key;
  if (key && isMessageKey(key)) return t(key);
  return t("comments.errors.failed", { message: failure.message });
}

/** The sign-in page, coming back here after. */
export const signInHref = () => `/register-login?redirect=${encodeURIComponent(location.pathname)}`;

interface WriteProps {
  t: ReaderTranslate;
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
export function WriteForm(props: WriteProps) {
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
  t: ReaderTranslate;
  comment: CommentRecord;
  onDone: (saved: boolean) => Promise<void>;
  onFailure: (message: string) => void;
}

/** A comment's text again, in place, while its edit window is open. */
export function EditForm({ t, comment, onDone, onFailure }: EditProps) {
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

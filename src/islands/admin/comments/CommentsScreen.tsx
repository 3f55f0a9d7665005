import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import {
  COMMENT_KINDS,
  COMMENT_STATUSES,
  type CommentStatus,
  commentEditSchema,
  type ModeratedComment,
} from "../../../shared/comments.ts";
import { sitePaths } from "../../../shared/site-paths.ts";
import { FormStatus, useStatusLine } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { bulkLine } from "../app/bulk.ts";
import { choices } from "../app/fields.tsx";
import { failedCallText } from "../app/form.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { type FormWords, withWords } from "../app/problems.ts";
import { StatusButtons } from "../app/StatusButtons.tsx";
import { BulkBar, type ItemSelection, SelectBox, useItemSelection } from "../app/selection.tsx";
import { formatTime } from "../app/time.ts";
import type { ScreenProps } from "../screen-props.ts";
import {
  type CommentFilters,
  useAnswer,
  useCommentsPage,
  useModerate,
  useModerateEach,
} from "./queries.ts";

/** Where the comment is: its item's page, at the comment. */
const commentHref = (comment: ModeratedComment) =>
  `${sitePaths[comment.kind](comment.item)}#comment-${comment.id}`;

const BULK_WORDS = {
  done: "commentsCenter.bulk.done",
  refused: "commentsCenter.bulk.refused",
  item: "commentsCenter.bulk.item",
} as const;

/**
 * Readers' comments for the owner: those waiting first (the list opens on them), filtered by
 * status, kind, item and author; approve, hold, mark as spam or delete one or the selected,
 * answer in place, open the item at the comment.
 */
export function CommentsScreen({ t }: ScreenProps) {
  const id = useId();
  const state = useListState(true);
  const initial: CommentFilters = { status: "pending", kind: "", item: "", author: "" };
  const { filters, change } = useFilters(initial, state.setPage, true);
  const list = useCommentsPage(filters, state.page);
  const selection = useItemSelection<ModeratedComment>();

  return (
    <div className="bms-comments">
      <ListSection
        t={t}
        words={{
          loading: t("commentsCenter.loading"),
          failed: t("commentsCenter.failed"),
          empty: t("commentsCenter.empty"),
        }}
        query={list}
        state={state}
        filters={
          <form
            className="bms-filters"
            aria-label={t("commentsCenter.filters")}
            onSubmit={(e) => e.preventDefault()}
          >
            <FilterSelects
              id={id}
              any={t("commentsCenter.any")}
              values={filters}
              onChange={change}
              fields={[
                {
                  name: "status",
                  label: t("commentsCenter.status"),
                  options: choices(COMMENT_STATUSES, (s) => t(`commentsCenter.statuses.${s}`)),
                },
                {
                  name: "kind",
                  label: t("commentsCenter.kind"),
                  options: choices(COMMENT_KINDS, (k) => t(`commentsCenter.kinds.${k}`)),
                },
              ]}
            />
            <SearchField
              id={`${id}-item`}
              label={t("commentsCenter.item")}
              value={filters.item}
              maxLength={200}
              onChange={(value) => change("item", value)}
            />
            <SearchField
              id={`${id}-author`}
              label={t("commentsCenter.author")}
              value={filters.author}
              maxLength={254}
              onChange={(value) => change("author", value)}
            />
          </form>
        }
        tools={(page) => (
          <CommentsBulk t={t} items={page.items} selection={selection} report={state.report} />
        )}
        item={(comment) => (
          <CommentItem
            key={comment.id}
            t={t}
            comment={comment}
            selection={selection}
            onDone={state.report}
          />
        )}
      />
    </div>
  );
}

function CommentItem({
  t,
  comment,
  selection,
  onDone,
}: {
  t: Translate;
  comment: ModeratedComment;
  selection: ItemSelection<ModeratedComment>;
  /** The change's outcome, for the list's status line. */
  onDone: (ok: boolean, message: string) => void;
}) {
  const moderate = useModerate();
  const [answering, setAnswering] = useState(false);
  const author = comment.author.gone ? t("comments.deletedReader") : comment.author.name;

  async function move(status: CommentStatus) {
    onDone(true, "");
    try {
      await moderate.mutateAsync({ id: comment.id, status });
      onDone(true, t("commentsCenter.changed", { status: t(`commentsCenter.statuses.${status}`) }));
    } catch (error) {
      onDone(false, failedCallText(t, error));
    }
  }

  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <SelectBox
          label={t("commentsCenter.select", { author })}
          item={comment}
          selection={selection}
        />
        <h2>
          {comment.author.url ? (
            // A fediverse author's profile: an http(s) address, checked on the server.
            <a href={comment.author.url} rel="ugc nofollow noopener">
              {author}
            </a>
          ) : (
            author
          )}
        </h2>
        {comment.author.owner && <span className="bms-badge">{t("comments.author")}</span>}
        <span className="bms-badge" data-status={comment.status}>
          {t(`commentsCenter.statuses.${comment.status}`)}
        </span>
      </div>
      <p className="bms-meta">
        {t(`commentsCenter.kinds.${comment.kind}`)} ·{" "}
        <a href={commentHref(comment)}>{comment.item}</a> ·{" "}
        <time dateTime={comment.createdAt}>{formatTime(comment.createdAt)}</time>
        {comment.email && ` · ${comment.email}`}
        {comment.replyTo && ` · ${t("comments.answering", { name: comment.replyTo.name })}`}
      </p>
      <div
        className="bms-description"
        lang={comment.lang}
        // Made on the server from the comment's Markdown and sanitised there with an allowlist
        // (src/server/comments/render.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML, see above
        dangerouslySetInnerHTML={{ __html: comment.html }}
      />
      <div className="bms-actions">
        <StatusButtons
          statuses={COMMENT_STATUSES.filter((status) => status !== comment.status)}
          className="bms-change"
          legend={t("commentsCenter.changeTo", { author })}
          legendHidden
          words={(status) => t(`commentsCenter.moves.${status}`)}
          disabled={moderate.isPending}
          onPick={(status) => void move(status)}
        />
        {!answering && comment.status !== "deleted" && comment.status !== "spam" && (
          <button type="button" className="button" onClick={() => setAnswering(true)}>
            {t("commentsCenter.answer")}
          </button>
        )}
      </div>
      {answering && (
        <AnswerForm
          t={t}
          to={comment}
          author={author}
          onClose={() => setAnswering(false)}
          onDone={onDone}
        />
      )}
    </li>
  );
}

const ANSWER_WORDS: FormWords = {
  body: { blank: "commentsCenter.problems.blank", long: "commentsCenter.problems.long" },
};
const answerSchema = withWords(commentEditSchema, ANSWER_WORDS);

/** The owner's answer under a comment, in place: published at once, marked "author". */
function AnswerForm({
  t,
  to,
  author,
  onClose,
  onDone,
}: {
  t: Translate;
  to: ModeratedComment;
  author: string;
  onClose: () => void;
  onDone: (ok: boolean, message: string) => void;
}) {
  const id = useId();
  const answer = useAnswer();
  const { line, report } = useStatusLine();
  const form = useForm<{ body: string }>({
    resolver: zodResolver(answerSchema),
    defaultValues: { body: "" },
  });
  const bind = bindFields(form.control, t, id);

  const submit = form.handleSubmit(async ({ body }) => {
    try {
      await answer.mutateAsync({ to, body });
      onClose();
      onDone(true, t("commentsCenter.answered", { author }));
    } catch (error) {
      report(false, failedCallText(t, error));
    }
  });

  return (
    <form
      className="bms-answer"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t("commentsCenter.answerTo", { author })}
    >
      <FormTextField
        {...bind("body")}
        label={t("commentsCenter.message")}
        hint={t("comments.bodyHint")}
        multiline
        autoFocus
      />
      <FormStatus note={line.note} failure={line.failure} />
      <div className="bms-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={form.formState.isSubmitting}
        >
          {t("commentsCenter.send")}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t("comments.cancel")}
        </button>
      </div>
    </form>
  );
}

/** Select all on this page, then approve, hold, mark as spam or delete the selected. */
function CommentsBulk({
  t,
  items,
  selection,
  report,
}: {
  t: Translate;
  items: readonly ModeratedComment[];
  selection: ItemSelection<ModeratedComment>;
  report: (ok: boolean, message: string) => void;
}) {
  const change = useModerateEach();

  async function apply(status: CommentStatus) {
    const chosen = selection.items(items);
    report(true, t("commentsCenter.bulk.working", { count: chosen.length }));
    const outcome = await change.mutateAsync({ items: chosen, status });
    selection.clear();
    report(
      outcome.refused.length === 0,
      bulkLine(t, BULK_WORDS, outcome, (item) => item.author.name),
    );
  }

  return (
    <BulkBar t={t} words="commentsCenter.bulk" selectable={items} selection={selection}>
      {() => (
        <StatusButtons
          statuses={COMMENT_STATUSES}
          className="bms-bulk-move"
          legend={t("commentsCenter.bulk.status")}
          words={(status) => t(`commentsCenter.moves.${status}`)}
          disabled={change.isPending}
          onPick={(status) => void apply(status)}
        />
      )}
    </BulkBar>
  );
}

import { memo, useMemo } from "react";
import type { Locale } from "../../i18n/chat.ts";
import { BLOG_TIME_ZONE } from "../../shared/blog-time.ts";
import type { ChatSource } from "../../shared/chat-rules.ts";
import { Both, BothFormatted } from "./Both.tsx";
import { linkCitations } from "./citations.ts";
import { problemMessage, type Turn } from "./conversation.ts";

interface Props {
  turn: Turn;
  /** Retry and Copy wait while another answer streams. */
  busy: boolean;
  onRetry: (turn: Turn) => void;
  onCopy: (turn: Turn) => void;
}

const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: BLOG_TIME_ZONE });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

function SourceCard({ source, turnId }: { source: ChatSource; turnId: string }) {
  return (
    <li className="chat-source" id={`chat-${turnId}-source-${source.n}`}>
      <span className="chat-source-n">{source.n}</span>
      <div className="chat-source-body">
        <a className="chat-source-title" href={source.url} lang={source.lang}>
          <span className="visually-hidden">
            <Both k="chat.sourceNumber" values={{ n: source.n }} />:{" "}
          </span>
          {source.title}
          {source.section && <span className="chat-source-section"> · {source.section}</span>}
        </a>
        <p className="chat-source-meta">
          <Both k={`chat.kinds.${source.kind}`} />
          {source.date && (
            <>
              {" · "}
              <time dateTime={source.date}>
                <BothFormatted format={(l) => formatDate(source.date, l)} />
              </time>
            </>
          )}
        </p>
        {source.excerpt && (
          <p className="chat-source-excerpt" lang={source.lang}>
            {source.excerpt}
          </p>
        )}
      </div>
    </li>
  );
}

/** The finished answer: the server's sanitised HTML with its citations linked. */
function AnswerHtml({ html, sources }: { html: string; sources: ChatSource[] }) {
  const linked = useMemo(() => linkCitations(html, sources), [html, sources]);
  // Sanitised by the server (the site's Markdown pipeline and allowlist); only links to this
  // site's own paths are added here (citations.ts).
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised answer, see above
  return <div className="chat-html prose" dangerouslySetInnerHTML={{ __html: linked }} />;
}

/** One question and its answer, with the answer's sources and its buttons. */
export const TurnView = memo(function TurnView({ turn, busy, onRetry, onCopy }: Props) {
  const streaming = turn.state === "streaming";
  const headingId = `chat-${turn.id}-q`;
  const problem = turn.problem ? problemMessage(turn.problem) : null;
  const canRetry = turn.state === "failed" || turn.state === "stopped" || turn.state === "refused";
  const showHtml = turn.html !== null && turn.html.trim() !== "";

  return (
    <article className="chat-turn" aria-labelledby={headingId} data-state={turn.state}>
      <h2 className="chat-question" id={headingId}>
        <span className="visually-hidden">
          <Both k="chat.you" />:{" "}
        </span>
        {turn.question}
      </h2>
      <div className="chat-answer">
        {turn.mode === "passages" && (
          <p className="chat-notice">
            <Both k="chat.noModel" />
          </p>
        )}
        {turn.mode === "nothing" && (
          <p className="chat-notice">
            <Both k="chat.nothing" />
          </p>
        )}
        {showHtml ? (
          <AnswerHtml html={turn.html ?? ""} sources={turn.sources} />
        ) : (
          turn.text && <p className="chat-streamed">{turn.text}</p>
        )}
        {streaming && (
          <p className="chat-progress">
            <span className="chat-dots" aria-hidden="true" />
            <Both k={turn.text ? "chat.writing" : "chat.searching"} />
          </p>
        )}
        {turn.truncated && (
          <p className="chat-note">
            <Both k="chat.truncated" />
          </p>
        )}
        {turn.state === "stopped" && (
          <p className="chat-note">
            <Both k="chat.stopped" />
          </p>
        )}
        {problem && (
          <p className="chat-problem">
            <Both k={problem.key} values={problem.values} />
          </p>
        )}
      </div>
      {turn.sources.length > 0 && (
        <section className="chat-sources" aria-labelledby={`chat-${turn.id}-sources`}>
          <h3 id={`chat-${turn.id}-sources`}>
            <Both k="chat.sources" />
          </h3>
          <ol>
            {turn.sources.map((source) => (
              <SourceCard key={source.n} source={source} turnId={turn.id} />
            ))}
          </ol>
        </section>
      )}
      {!streaming && (
        <div className="chat-actions">
          {turn.text.trim() !== "" && (
            <button type="button" className="chat-action" onClick={() => onCopy(turn)}>
              <Both k="chat.copy" />
            </button>
          )}
          {canRetry && (
            <button
              type="button"
              className="chat-action"
              disabled={busy}
              onClick={() => onRetry(turn)}
            >
              <Both k="chat.retry" />
            </button>
          )}
        </div>
      )}
    </article>
  );
});

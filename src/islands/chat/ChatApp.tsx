import { useStore } from "@nanostores/react";
import {
  type KeyboardEvent,
  type SubmitEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { type ChatKey, LOCALES, type Locale, translator } from "../../i18n/chat.ts";
import { CHAT_LIMITS } from "../../shared/chat-rules.ts";
import { $locale } from "../../stores/locale.ts";
import { reactIsland } from "../react-island.ts";
import { useHeldEnter } from "../ui/held-enter.ts";
import { askChat } from "./ask.ts";
import { Both } from "./Both.tsx";
import {
  historyOf,
  newTurn,
  readConversation,
  type Turn,
  withEvent,
  withOutcome,
  writeConversation,
} from "./conversation.ts";
import { TurnView } from "./TurnView.tsx";
import "./chat.css";

interface Props {
  /** Questions to start with, per language, made at build time from the blog's own content. */
  suggestions: Record<Locale, string[]>;
}

type Notice = { key: ChatKey; values?: Record<string, string | number> | undefined } | null;
type DraftProblem = "required" | "tooLong" | null;

// One chat per page, rendered with renderToString (no useId prefix): fixed ids.
const ID = "chat";

const storage = () => (typeof localStorage === "undefined" ? undefined : localStorage);
let counter = 0;
const nextId = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** /d-chat: ask the blog, the answer streamed with its sources, the conversation kept here. */
function ChatApp({ suggestions }: Props) {
  const locale = useStore($locale);
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<DraftProblem>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [streamingId, setStreamingId] = useState<string | null>(null);
  const turnsRef = useRef<Turn[]>(turns);
  turnsRef.current = turns;
  const controllerRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const sendRef = useRef<HTMLButtonElement>(null);
  const loadedRef = useRef(false);

  // What the browser kept, and anything typed while the island loaded.
  useEffect(() => {
    const kept = readConversation(storage());
    if (kept.length > 0) setTurns(kept);
    loadedRef.current = true;
    const typed = inputRef.current?.value;
    if (typed) setDraft(typed);
    return () => controllerRef.current?.abort();
  }, []);

  // Kept once an answer has ended (not at each streamed piece).
  useEffect(() => {
    if (loadedRef.current && streamingId === null) writeConversation(storage(), turns);
  }, [turns, streamingId]);

  const streaming = streamingId !== null;
  const length = draft.length;
  const tooLong = length > CHAT_LIMITS.question;

  const ask = useCallback(async (question: string, replacing?: Turn) => {
    if (controllerRef.current) return;
    const controller = new AbortController();
    controllerRef.current = controller;
    const current = turnsRef.current;
    const at = replacing ? current.findIndex((t) => t.id === replacing.id) : -1;
    const before = at === -1 ? current : current.slice(0, at);
    const turn = newTurn(question, nextId());
    const update = (change: (t: Turn) => Turn) =>
      setTurns((all) => all.map((t) => (t.id === turn.id ? change(t) : t)));
    setTurns(
      at === -1 ? [...current, turn] : [...current.slice(0, at), turn, ...current.slice(at + 1)],
    );
    setStreamingId(turn.id);
    setNotice(null);
    const outcome = await askChat(
      { question, locale: $locale.get(), history: historyOf(before) },
      { signal: controller.signal, onEvent: (event) => update((t) => withEvent(t, event)) },
    );
    update((t) => withOutcome(t, outcome));
    controllerRef.current = null;
    setStreamingId(null);
    // Ready for the next question, unless the reader has gone elsewhere on the page.
    const active = document.activeElement;
    if (!active || active === document.body || active === sendRef.current) {
      inputRef.current?.focus();
    }
  }, []);

  function submit(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    send(draft);
  }

  // Enter pressed while the island loaded: the question typed then is sent now.
  useHeldEnter(inputRef, send);

  function send(words: string) {
    if (streaming) return;
    const question = words.trim();
    const found: DraftProblem = !question
      ? "required"
      : question.length > CHAT_LIMITS.question
        ? "tooLong"
        : null;
    setProblem(found);
    if (found) {
      inputRef.current?.focus();
      return;
    }
    setDraft("");
    void ask(question);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition (Chinese
    // input) only picks the characters.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function stop() {
    controllerRef.current?.abort();
  }

  const copy = useCallback(async (turn: Turn) => {
    try {
      await navigator.clipboard.writeText(turn.text);
      setNotice({ key: "chat.copied" });
    } catch {
      setNotice({ key: "chat.copyFailed" });
    }
  }, []);

  const retry = useCallback((turn: Turn) => void ask(turn.question, turn), [ask]);

  function clear() {
    if (!window.confirm(translator($locale.get())("chat.clearConfirm"))) return;
    controllerRef.current?.abort();
    setTurns([]);
    setNotice({ key: "chat.cleared" });
    inputRef.current?.focus();
  }

  const describedBy = [`${ID}-hint`, `${ID}-counter`, problem ? `${ID}-problem` : null]
    .filter(Boolean)
    .join(" ");

  return (
    <div className="chat" data-locale={locale}>
      <div className="chat-bar">
        <h2 className="chat-bar-title" id={`${ID}-log-label`}>
          <Both k="chat.conversation" />
        </h2>
        {turns.length > 0 && (
          <button type="button" className="chat-action" onClick={clear}>
            <Both k="chat.clear" />
          </button>
        )}
      </div>
      <section
        className="chat-log"
        role="log"
        aria-labelledby={`${ID}-log-label`}
        aria-busy={streaming}
      >
        {turns.length === 0 && (
          <p className="chat-empty">
            <Both k="chat.empty" />
          </p>
        )}
        {turns.map((turn) => (
          <TurnView key={turn.id} turn={turn} busy={streaming} onRetry={retry} onCopy={copy} />
        ))}
      </section>

      {turns.length === 0 && (
        <section className="chat-suggestions" aria-labelledby={`${ID}-suggestions`}>
          <h2 id={`${ID}-suggestions`}>
            <Both k="chat.suggestionsTitle" />
          </h2>
          {LOCALES.map((l) => (
            <ul key={l} data-lang={l} lang={l}>
              {suggestions[l].map((question) => (
                <li key={question}>
                  <button
                    type="button"
                    className="chat-suggestion"
                    disabled={streaming}
                    onClick={() => void ask(question)}
                  >
                    {question}
                  </button>
                </li>
              ))}
            </ul>
          ))}
        </section>
      )}

      <form className="chat-form" noValidate onSubmit={submit}>
        <label className="chat-label" htmlFor={`${ID}-question`}>
          <Both k="chat.questionLabel" />
        </label>
        <textarea
          ref={inputRef}
          id={`${ID}-question`}
          name="question"
          rows={3}
          value={draft}
          aria-describedby={describedBy}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={onKeyDown}
        />
        {problem && (
          <p className="chat-field-problem" id={`${ID}-problem`} role="alert">
            {problem === "tooLong" ? (
              <Both k="chat.tooLong" values={{ max: CHAT_LIMITS.question }} />
            ) : (
              <Both k="chat.required" />
            )}
          </p>
        )}
        <div className="chat-form-row">
          {/* One button, Send or Stop, so focus stays on it when it changes. */}
          <button
            ref={sendRef}
            type={streaming ? "button" : "submit"}
            className={streaming ? "button chat-send" : "button button-primary chat-send"}
            onClick={streaming ? stop : undefined}
          >
            <Both k={streaming ? "chat.stop" : "chat.send"} />
          </button>
          <p className="chat-hint" id={`${ID}-hint`}>
            <Both k="chat.hint" />
          </p>
          <p className="chat-counter" id={`${ID}-counter`} data-over={tooLong}>
            {length} / {CHAT_LIMITS.question}
          </p>
        </div>
      </form>
      <p className="chat-status" role="status">
        {notice && <Both k={notice.key} values={notice.values} />}
      </p>
    </div>
  );
}

export default reactIsland(ChatApp);

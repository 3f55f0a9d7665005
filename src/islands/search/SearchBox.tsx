import { useStore } from "@nanostores/react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { LOCALES, translator } from "../../i18n/reader.ts";
import { $locale } from "../../stores/locale.ts";
import { reactIsland } from "../react-island.ts";
import { useHeldEnter } from "../ui/held-enter.ts";
import { addToHistory, clearHistory, readHistory } from "./history.ts";
import { type SearchHit, searchSite } from "./pagefind.ts";
import "./search.css";

type Status = "idle" | "loading" | "done" | "error";

/** The header search box: Pagefind results as you type, and a history of past searches. */
/**
 * `id` names its parts: the islands are rendered with renderToString (astro.config.mjs), which
 * gives useId no per-island prefix, so a second box on a page (the not-found page's) names its
 * own.
 */
function SearchBox({ id = "site-search" }: { id?: string }) {
  const locale = useStore($locale);
  const t = useMemo(() => translator(locale), [locale]);
  const rootRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [hits, setHits] = useState<SearchHit[]>([]);
  // The outcome of the last search that finished, and which query (and language) it answers.
  const [outcome, setOutcome] = useState<{ key: string; status: "done" | "error" }>({
    key: "",
    status: "done",
  });
  const [active, setActive] = useState(-1);
  // Enter pressed while its query's search runs: the query (and language) it waits for.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const [history, setHistory] = useState<string[]>([]);
  const [cleared, setCleared] = useState(false);

  const inputRef = useRef<HTMLInputElement>(null);
  // The island hydrates on first focus: keep anything typed while it was loading, and open
  // the panel if the box already has focus.
  useEffect(() => {
    const input = inputRef.current;
    if (input?.value) setQuery(input.value);
    if (input && document.activeElement === input) {
      setHistory(readHistory(localStorage));
      setOpen(true);
    }
  }, []);

  // Enter pressed while the island loaded: search the words typed then and go to the first
  // result, as Enter does once the island is here.
  useHeldEnter(inputRef, (words) => {
    setQuery(words);
    // The query is searched in the interface's language first (see `key` below).
    if (words.trim()) setEnterFor(`${locale}\n${words.trim()}\n${locale}`);
  });

  const trimmed = query.trim();
  // The options the arrows move through: results while searching, history otherwise.
  const options = trimmed ? hits.map((h) => h.url) : history;
  // Pages are searched in the interface's language; a query that finds nothing there is tried
  // in the other language's pages too, and the reader may switch to those for this query.
  const other = LOCALES.find((l) => l !== locale) ?? locale;
  const typed = `${locale}\n${trimmed}`;
  const [elsewhereFor, setElsewhereFor] = useState<string | null>(null);
  const searchIn = elsewhereFor === typed ? other : locale;
  // How many results the other language's pages have for a query that found none here.
  const [elsewhere, setElsewhere] = useState<{ key: string; count: number } | null>(null);
  // Derived, never stored on its own: an outcome speaks only for the query it answered, so the
  // message under a newly typed query says "searching" until that query's search is done (it
  // used to say the previous query's "nothing found" for a moment).
  const key = `${typed}\n${searchIn}`;
  const status: Status = !trimmed ? "idle" : outcome.key === key ? outcome.status : "loading";

  useEffect(() => {
    setActive(-1);
    if (!trimmed) {
      setHits([]);
      return;
    }
    let current = true;
    const searched = `${locale}\n${trimmed}\n${searchIn}`;
    const timer = setTimeout(() => {
      searchSite(searchIn, trimmed)
        .then((found) => {
          if (!current) return;
          setHits(found);
          setOutcome({ key: searched, status: "done" });
        })
        .catch(() => current && setOutcome({ key: searched, status: "error" }));
    }, 150);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [trimmed, locale, searchIn]);

  // Nothing found in this language's pages: count what the other language's pages hold.
  const foundNothing = status === "done" && hits.length === 0 && searchIn === locale;
  useEffect(() => {
    if (!foundNothing) return;
    let current = true;
    searchSite(other, trimmed, 20)
      .then((found) => current && setElsewhere({ key, count: found.length }))
      .catch(() => current && setElsewhere(null));
    return () => {
      current = false;
    };
  }, [foundNothing, other, trimmed, key]);
  const elsewhereCount = foundNothing && elsewhere?.key === key ? elsewhere.count : 0;

  // The search Enter waited for has answered: go to its first result (or remember a search
  // that found nothing). A query changed since then has no Enter of its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pick reads this render's hits and status
  useEffect(() => {
    if (enterFor === null) return;
    if (enterFor !== key || status === "error") setEnterFor(null);
    else if (status === "done") {
      setEnterFor(null);
      pick(0);
    }
  }, [enterFor, key, status]);

  function show() {
    setHistory(readHistory(localStorage));
    setCleared(false);
    setOpen(true);
  }

  function go(url: string) {
    addToHistory(localStorage, trimmed);
    window.location.assign(url);
  }

  function pick(index: number) {
    if (trimmed) {
      // While this query's search runs, the hits listed are the previous query's: Enter waits
      // for this one's and then goes to its first result.
      if (status === "loading") {
        setEnterFor(key);
        return;
      }
      if (status !== "done") return;
      const hit = hits[index];
      // A search that found nothing is still a search worth remembering.
      if (hit) go(hit.url);
      else setHistory(addToHistory(localStorage, trimmed));
    } else {
      const past = history[index];
      if (past !== undefined) setQuery(past);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        // Reopening starts from the top of the list.
        show();
        setActive(options.length > 0 ? 0 : -1);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      if (options.length > 0) setActive((active + step + options.length) % options.length);
    } else if (event.key === "Enter") {
      event.preventDefault();
      pick(Math.max(active, 0));
    } else if (event.key === "Escape") {
      // First Escape closes the results and keeps the query (a search input would clear it); the next clears it.
      if (open) {
        event.preventDefault();
        setOpen(false);
      } else setQuery("");
    }
  }

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only watches focus leaving the whole widget
    <div
      ref={rootRef}
      className="search"
      onBlur={(event) => {
        if (
          !(event.relatedTarget instanceof Node && rootRef.current?.contains(event.relatedTarget))
        )
          setOpen(false);
      }}
    >
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {LOCALES.map((l) => (
          <span key={l} data-lang={l} lang={l}>
            {translator(l)("search.label")}
          </span>
        ))}
      </label>
      <svg className="search-icon" aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
        <path
          fill="currentColor"
          d="M10 4a6 6 0 1 0 3.5 10.9l4.8 4.8 1.4-1.4-4.8-4.8A6 6 0 0 0 10 4zm0 2a4 4 0 1 1 0 8 4 4 0 0 1 0-8z"
        />
      </svg>
      <input
        ref={inputRef}
        id={`${id}-input`}
        // A text box, not type="search": HTML allows the combobox role (and its aria-expanded)
        // on a text input only, and a validator reports them on a search input.
        type="text"
        enterKeyHint="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder=" "
        value={query}
        autoComplete="off"
        onChange={(event) => {
          setQuery(event.target.value);
          if (!open) show();
        }}
        onFocus={show}
        onKeyDown={onKeyDown}
      />
      {/* The hint in both languages (a placeholder attribute can hold only one), shown while empty. */}
      <span className="search-hint" aria-hidden="true">
        {LOCALES.map((l) => (
          <span key={l} data-lang={l} lang={l}>
            <span className="search-hint-long">{translator(l)("search.placeholder")}</span>
            <span className="search-hint-short">{translator(l)("search.placeholderShort")}</span>
          </span>
        ))}
      </span>
      {open && (
        <div className="search-panel">
          {!trimmed && (
            <p className="search-heading" id={`${id}-heading`}>
              {t("search.history")}
            </p>
          )}
          <div
            id={listId}
            role="listbox"
            aria-label={trimmed ? t("search.label") : t("search.history")}
          >
            {trimmed
              ? hits.map((hit, i) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
                  <div
                    key={hit.url}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    lang={searchIn === locale ? undefined : searchIn}
                    onClick={() => go(hit.url)}
                  >
                    <span className="search-title">{hit.title}</span>
                    <span className="search-excerpt">
                      {hit.excerpt.map((part) =>
                        part.match ? <mark key={part.start}>{part.text}</mark> : part.text,
                      )}
                    </span>
                  </div>
                ))
              : history.map((past, i) => (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
                  <div
                    key={past}
                    id={optionId(i)}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    onClick={() => setQuery(past)}
                  >
                    {past}
                  </div>
                ))}
          </div>
          <p className="search-message" role="status">
            {trimmed && status === "loading" && t("search.loading")}
            {trimmed && status === "error" && t("search.unavailable")}
            {trimmed &&
              status === "done" &&
              hits.length === 0 &&
              t("search.noResults", { query: trimmed })}
            {trimmed &&
              status === "done" &&
              hits.length > 0 &&
              searchIn === locale &&
              t("search.results", { count: hits.length })}
            {trimmed &&
              status === "done" &&
              searchIn !== locale &&
              t("search.resultsElsewhere", { count: hits.length })}
            {elsewhereCount > 0 && (
              <span className="search-elsewhere">
                {` ${t("search.elsewhere", { count: elsewhereCount })}`}
              </span>
            )}
            {!trimmed && cleared && t("search.cleared")}
            {!trimmed && !cleared && history.length === 0 && t("search.noHistory")}
          </p>
          {(elsewhereCount > 0 || (trimmed && searchIn !== locale)) && (
            // To the other language's pages, or back to the reader's own.
            <button
              type="button"
              className="search-clear"
              onClick={() => {
                setElsewhereFor(elsewhereCount > 0 ? typed : null);
                inputRef.current?.focus();
              }}
            >
              {t(elsewhereCount > 0 ? "search.showElsewhere" : "search.backHere")}
            </button>
          )}
          {!trimmed && history.length > 0 && (
            <button
              type="button"
              className="search-clear"
              onClick={() => {
                clearHistory(localStorage);
                setHistory([]);
                setCleared(true);
              }}
            >
              {t("search.clearHistory")}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export default reactIsland(SearchBox);

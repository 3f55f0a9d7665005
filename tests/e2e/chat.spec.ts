import { expect, type Page, test } from "@playwright/test";
import type { ChatEvent, ChatSource } from "../../src/shared/chat-rules.ts";
import {
  axeFindings,
  COMBOS,
  holdScript,
  hydrated,
  type Locale,
  picture,
  prefer,
  sideways,
} from "./support.ts";

// /d-chat, the page and its island, against a mocked POST /api/chat: the answer streamed and
// then linked to its sources, stop, retry, copy, the kept conversation and its clearing, a 429,
// a failed stream, the passages and nothing modes, the keys, the page without JavaScript, axe
// and pictures in both languages and themes at a phone's width and a desktop's.

const titles = { "zh-CN": "问问博客", "en-US": "Ask the blog" } as const;
const words = {
  "zh-CN": {
    question: "你的问题",
    send: "发送",
    stop: "停止",
    retry: "重新提问",
    copy: "复制回答",
  },
  "en-US": {
    question: "Your question",
    send: "Send",
    stop: "Stop",
    retry: "Ask again",
    copy: "Copy answer",
  },
} as const;

const sources: ChatSource[] = [
  {
    n: 1,
    kind: "article",
    title: "Static first: a blog needs almost nothing at request time",
    section: "What goes into the build",
    url: "/articles/static-first/#what-goes-into-the-build",
    lang: "en-US",
    date: "2025-03-18",
    excerpt: "Every page is made ahead of time, so a request only hands over a file.",
  },
  {
    n: 2,
    kind: "chapter",
    title: "The Quiet Page",
    section: "Start with HTML",
    url: "/book-doc/the-quiet-page/start-with-html/",
    lang: "en-US",
    date: "2025-05-01",
    excerpt: "A page that reads without its script is a page that always reads.",
  },
];
const answerText =
  "Static pages are built ahead of time [1], so nothing runs per request.\nStart from HTML [2].\n\n```js\nconst a = [1];\n```";
const answerHtml =
  '<p>Static pages are built ahead of time [1], so nothing runs per request.\nStart from HTML [2].</p>\n<pre class="astro-code"><code><span>const a = [1];</span></code></pre>';

/** One SSE message as the server writes it. */
const sse = (event: ChatEvent) => {
  const { type, ...rest } = event;
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...rest })}\n\n`;
};
const answered = (mode: "model" | "passages" | "nothing" = "model"): string =>
  [
    sse({ type: "sources", mode, sources: mode === "nothing" ? [] : sources }),
    sse({ type: "delta", text: answerText.slice(0, 40) }),
    sse({ type: "delta", text: answerText.slice(40) }),
    sse({ type: "done", mode, html: answerHtml, text: answerText, truncated: false }),
  ].join("");

/** Answers POST /api/chat with a whole event stream at once, keeping each request's body. */
async function mockChat(page: Page, body: string | (() => string) = answered()) {
  const asked: { question: string; locale: string; history?: unknown[] }[] = [];
  await page.route("**/api/chat", async (route) => {
    asked.push(route.request().postDataJSON());
    await route.fulfill({
      status: 200,
      headers: { "content-type": "text/event-stream; charset=utf-8" },
      body: typeof body === "function" ? body() : body,
    });
  });
  return asked;
}

/**
 * A stream that really trickles: `fetch` of /api/chat answers a body whose pieces come every
 * `everyMs`, and that stays open after the last unless `close` (page.route can only answer a
 * whole body). The page's own fetch is kept for everything else.
 */
async function mockTrickle(
  page: Page,
  pieces: string[],
  options: { everyMs: number; close: boolean },
) {
  await page.addInitScript(
    ({ pieces, everyMs, close }) => {
      const real = window.fetch.bind(window);
      window.fetch = async (input, init) => {
        const url =
          typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if (!url.endsWith("/api/chat")) return real(input, init);
        const encoder = new TextEncoder();
        let timer: ReturnType<typeof setInterval> | undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            let at = 0;
            timer = setInterval(() => {
              const piece = pieces[at++];
              if (piece !== undefined) controller.enqueue(encoder.encode(piece));
              else if (close) {
                clearInterval(timer);
                controller.close();
              }
            }, everyMs);
            init?.signal?.addEventListener("abort", () => {
              clearInterval(timer);
              controller.error(new DOMException("Aborted", "AbortError"));
            });
          },
          cancel() {
            clearInterval(timer);
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream" } });
      };
    },
    { pieces, ...options },
  );
}

const input = (page: Page, locale: Locale) =>
  page.getByRole("textbox", { name: words[locale].question });
const log = (page: Page) => page.getByRole("log");

async function open(page: Page, locale: Locale, theme?: "light" | "dark") {
  await prefer(page, theme ? { locale, theme } : { locale });
  await page.goto("/d-chat");
  await expect(page.getByRole("heading", { level: 1, name: titles[locale] })).toBeVisible();
  await hydrated(page);
}

/**
 * Reaches for the box as a reader does, which wakes the island (client:interaction), and waits
 * for it to be awake: a key pressed before that is only the textarea's own.
 */
async function reach(page: Page, locale: Locale) {
  await input(page, locale).click();
  await page.waitForFunction(
    () => document.querySelector('astro-island[component-url*="ChatApp"]:not([ssr])') !== null,
  );
}

/** Types a question and sends it with Enter. */
async function ask(page: Page, locale: Locale, question: string) {
  const box = input(page, locale);
  await reach(page, locale);
  await box.fill(question);
  await box.press("Enter");
}

test("a question streams its answer, then shows it with linked citations and source cards", async ({
  page,
}) => {
  const asked = await mockChat(page);
  await open(page, "en-US");
  await ask(page, "en-US", "Why build pages ahead of time?");
  const turn = log(page).getByRole("article");
  await expect(turn).toHaveCount(1);
  await expect(turn.getByRole("heading", { level: 2 })).toContainText(
    "Why build pages ahead of time?",
  );
  // The citations are links to the sections they number; code keeps its own brackets.
  const cite = turn.getByRole("link", { name: "[1]", exact: true });
  await expect(cite).toHaveAttribute("href", sources[0]?.url ?? "");
  await expect(turn.getByRole("link", { name: "[2]", exact: true })).toHaveAttribute(
    "href",
    sources[1]?.url ?? "",
  );
  await expect(turn.locator("pre code")).toHaveText("const a = [1];");
  await expect(turn.locator("pre a")).toHaveCount(0);
  // The sources, numbered, each a link to its section with its kind and date.
  const cards = turn.getByRole("region", { name: "Sources" }).getByRole("listitem");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByRole("link")).toHaveAccessibleName(
    "Source 1: Static first: a blog needs almost nothing at request time · What goes into the build",
  );
  // Both languages are in the page, the other one hidden: what shows is what counts.
  await expect(cards.nth(0)).toContainText("Article · Mar 18, 2025", { useInnerText: true });
  await expect(cards.nth(1)).toContainText("Book chapter");
  await expect(cards.nth(1)).toContainText("A page that reads without its script");
  // The request: the question, the interface language, no history yet.
  expect(asked).toEqual([
    { question: "Why build pages ahead of time?", locale: "en-US", history: [] },
  ]);
  // Ready for the next question: the box is empty and has focus.
  await expect(input(page, "en-US")).toHaveValue("");
  await expect(input(page, "en-US")).toBeFocused();
  await expect(log(page)).toHaveAttribute("aria-busy", "false");

  // A second question carries the first turn as history.
  await ask(page, "en-US", "And the live parts?");
  await expect(log(page).getByRole("article")).toHaveCount(2);
  await expect(input(page, "en-US")).toBeFocused();
  expect(asked[1]?.history).toEqual([
    { role: "user", content: "Why build pages ahead of time?" },
    { role: "assistant", content: answerText },
  ]);
});

test("Enter pressed before the island's script has come sends the question once it has", async ({
  page,
}) => {
  // A reader on a slow connection types at once and presses Enter: the island is still
  // loading, and the Enter must not be lost (nor become a new line in the question).
  const asked = await mockChat(page);
  const release = await holdScript(page, "ChatApp");
  await open(page, "en-US");
  const box = input(page, "en-US");
  await box.click();
  await box.pressSequentially("Why build pages ahead of time?");
  await box.press("Enter");
  await expect(box).toHaveValue("Why build pages ahead of time?");
  release();
  await expect(log(page).getByRole("article")).toHaveCount(1);
  await expect(log(page)).toHaveAttribute("aria-busy", "false");
  expect(asked).toEqual([
    { question: "Why build pages ahead of time?", locale: "en-US", history: [] },
  ]);
  await expect(box).toHaveValue("");
});

test("the answer shows as plain text while it streams, and Stop keeps what came with Ask again", async ({
  page,
}) => {
  const piece = (text: string) => sse({ type: "delta", text });
  await mockTrickle(
    page,
    [
      sse({ type: "sources", mode: "model", sources }),
      piece("<b>not bold</b> [1]\n"),
      piece("second line"),
    ],
    { everyMs: 150, close: false },
  );
  await open(page, "en-US");
  await ask(page, "en-US", "Stream, please");
  const turn = log(page).getByRole("article");
  await expect(turn).toContainText("second line");
  await expect(log(page)).toHaveAttribute("aria-busy", "true");
  // Text, never HTML, while streaming; the line break is kept.
  await expect(turn.locator(".chat-streamed")).toHaveText("<b>not bold</b> [1]\nsecond line");
  await expect(turn.locator("b")).toHaveCount(0);
  await expect(turn.getByRole("link", { name: "[1]" })).toHaveCount(0);
  const stop = page.getByRole("button", { name: "Stop", exact: true });
  await stop.click();
  await expect(turn).toContainText("Stopped. The answer above is incomplete.");
  await expect(log(page)).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  await expect(turn.getByRole("button", { name: "Ask again" })).toBeVisible();
  await expect(turn.getByRole("button", { name: "Copy answer" })).toBeVisible();
  // Focus was on Stop, which became Send: it goes back to the box.
  await expect(input(page, "en-US")).toBeFocused();
});

test("a 429 says how long to wait, in words of the page, and Ask again asks again", async ({
  page,
}) => {
  let calls = 0;
  await page.route("**/api/chat", async (route) => {
    calls += 1;
    if (calls === 1) {
      await route.fulfill({
        status: 429,
        headers: { "retry-after": "30" },
        json: {
          code: 429,
          message: "Too many requests from 127.0.0.1 (raw)",
          data: null,
          error: { kind: "too_many_requests", retryAfterSeconds: 30 },
        },
      });
    } else {
      await route.fulfill({ headers: { "content-type": "text/event-stream" }, body: answered() });
    }
  });
  await open(page, "zh-CN");
  await ask(page, "zh-CN", "为什么要静态优先？");
  const turn = log(page).getByRole("article");
  await expect(turn).toContainText("提问太频繁了，请等 30 秒后再问。");
  await expect(turn).not.toContainText("raw");
  await turn.getByRole("button", { name: "重新提问" }).click();
  await expect(log(page).getByRole("article")).toHaveCount(1);
  await expect(turn.getByRole("link", { name: "[1]", exact: true })).toBeVisible();
  expect(calls).toBe(2);
});

test("a failed stream keeps its partial answer and says why in the page's words", async ({
  page,
}) => {
  await mockChat(
    page,
    [
      sse({ type: "sources", mode: "model", sources }),
      sse({ type: "delta", text: "Half an answer [1]" }),
      sse({
        type: "error",
        failure: "timeout",
        message: "upstream timed out after 30000 ms at http://provider",
        html: "<p>Half an answer [1]</p>",
        text: "Half an answer [1]",
      }),
    ].join(""),
  );
  await open(page, "en-US");
  await ask(page, "en-US", "Will this time out?");
  const turn = log(page).getByRole("article");
  await expect(turn).toContainText("The answer took too long and was stopped. Please try again.");
  await expect(turn).not.toContainText("provider");
  await expect(turn.getByRole("link", { name: "[1]", exact: true })).toBeVisible();
  await expect(turn.getByRole("button", { name: "Ask again" })).toBeVisible();
});

test("without a model the page says so; with nothing on the subject it says that", async ({
  page,
}) => {
  const bodies = [answered("passages"), answered("nothing")];
  await mockChat(page, () => bodies.shift() ?? "");
  await open(page, "en-US");
  await ask(page, "en-US", "Quote me something");
  await expect(log(page).getByRole("article").first()).toContainText(
    "No language model is configured on this site",
  );
  await ask(page, "en-US", "What about knitting?");
  await expect(log(page).getByRole("article").nth(1)).toContainText(
    "The blog has nothing on this subject yet",
  );
});

test("the conversation is kept in the browser, copied, and cleared after a confirmation", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await mockChat(page);
  await open(page, "en-US");
  // A suggestion from the blog's content asks at once.
  const suggestion = page.getByRole("button", { name: /^What has the blog written about/ });
  await expect(suggestion.first()).toBeVisible();
  const question = (await suggestion.first().textContent()) ?? "";
  await suggestion.first().click();
  await expect(log(page).getByRole("article")).toHaveCount(1);
  await expect(log(page).getByRole("heading", { level: 2 })).toContainText(question);
  await expect(page.getByRole("region", { name: "Try asking" })).toHaveCount(0);

  await log(page).getByRole("button", { name: "Copy answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Answer copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answerText);

  const kept: unknown = JSON.parse(
    (await page.evaluate(() => localStorage.getItem("d-chat"))) ?? "null",
  );
  expect(Array.isArray(kept) && kept.length).toBe(1);
  await page.reload();
  // Kept: the island wakes at once to show it, no hover needed.
  await expect(log(page).getByRole("article")).toHaveCount(1);
  await expect(log(page).getByRole("link", { name: "[1]", exact: true })).toBeVisible();

  // Dismissed, nothing changes; accepted, it is gone from the page and the browser.
  page.once("dialog", (dialog) => dialog.dismiss());
  await page.getByRole("button", { name: "Clear conversation" }).click();
  await expect(log(page).getByRole("article")).toHaveCount(1);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Clear the whole conversation? It cannot be brought back.");
    void dialog.accept();
  });
  await page.getByRole("button", { name: "Clear conversation" }).click();
  await expect(log(page).getByRole("article")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Conversation cleared." })).toBeVisible();
  await expect(input(page, "en-US")).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem("d-chat"))).toBeNull();
});

test("bad stored JSON is ignored", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("d-chat", "{not json"));
  await open(page, "en-US");
  await reach(page, "en-US");
  await expect(page.getByText("No questions yet.")).toBeVisible();
});

test("Shift+Enter makes a new line, the counter counts, too long or empty is not sent", async ({
  page,
}) => {
  const asked = await mockChat(page);
  await open(page, "en-US");
  const box = input(page, "en-US");
  await reach(page, "en-US");
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Type a question first.", {
    useInnerText: true,
  });
  await box.pressSequentially("one");
  await box.press("Shift+Enter");
  await box.pressSequentially("two");
  await expect(box).toHaveValue("one\ntwo");
  await expect(page.getByText("7 / 500")).toBeVisible();
  await box.fill("x".repeat(501));
  await expect(page.getByText("501 / 500")).toBeVisible();
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("A question can be at most 500 characters.", {
    useInnerText: true,
  });
  await expect(box).toHaveAttribute("aria-invalid", "true");
  expect(asked).toHaveLength(0);
});

test("the footer and the sitemap lead to the page", async ({ page }) => {
  await prefer(page, { locale: "en-US" });
  await page.goto("/about");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Ask the blog", exact: true })
    .click();
  await expect(page).toHaveURL(/\/d-chat\/?$/);
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/d-chat<\/loc>/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the page explains the chat and leads to the ways of finding things that need no script", async ({
    page,
  }) => {
    await page.goto("/d-chat");
    await expect(page.getByRole("heading", { level: 1, name: "Ask the blog" })).toBeVisible();
    await expect(
      page.getByText(/drawn only from this blog's own articles, notes and book chapters/),
    ).toBeVisible();
    await expect(page.getByText(/The chat needs JavaScript/)).toBeVisible();
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "articles by category and tag" })).toHaveAttribute(
      "href",
      "/articles/",
    );
    await expect(main.getByRole("link", { name: "notes", exact: true })).toBeVisible();
    await expect(main.getByRole("link", { name: "books", exact: true })).toBeVisible();
    // A form that could do nothing is not shown.
    await expect(page.getByRole("textbox", { name: "Your question" })).toBeHidden();
  });
});

for (const width of [390, 1280]) {
  for (const [index, combo] of COMBOS.entries()) {
    test(`axe finds nothing at ${width} px in ${combo.locale}, ${combo.theme}; nothing overflows`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await mockChat(page);
      await open(page, combo.locale, combo.theme);
      expect(await axeFindings(page)).toEqual([]);
      if (index < 2) {
        await picture(page, testInfo, `chat-empty-${width}-${combo.locale}-${combo.theme}`);
      }
      await ask(
        page,
        combo.locale,
        combo.locale === "zh-CN" ? "为什么要静态优先？" : "Why static first?",
      );
      await expect(log(page).getByRole("link", { name: "[1]", exact: true })).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await picture(page, testInfo, `chat-answer-${width}-${combo.locale}-${combo.theme}`);
    });
  }
}

test("at 360 px the send button is clear of the floating feedback and back-to-top buttons", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "zh-CN");
  const send = page.getByRole("button", { name: words["zh-CN"].send, exact: true });
  await send.scrollIntoViewIfNeeded();
  const box = await send.boundingBox();
  const floats = await page
    .locator(".feedback-trigger, .back-to-top")
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
  expect(box).not.toBeNull();
  // They float over the right half of a phone's screen: the button leads its row, left of them.
  for (const f of floats) {
    if (!box || f.width === 0) continue;
    expect(box.x + box.width).toBeLessThanOrEqual(f.left);
  }
  expect(await sideways(page)).toBeLessThanOrEqual(0);
});

test("against the real API: a question about the seed content streams an answer with citations and sources", async ({
  page,
}) => {
  await open(page, "en-US");
  await ask(page, "en-US", "Why does a blog need almost nothing at request time?");
  const turn = log(page).getByRole("article");
  await expect(
    turn.getByRole("region", { name: "Sources" }).getByRole("listitem").first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(log(page)).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  const firstSource = turn.getByRole("region", { name: "Sources" }).getByRole("link").first();
  await expect(firstSource).toHaveAttribute("href", /^\/(articles|random-notes|book-doc)\//);
  await expect(turn.getByRole("link", { name: /^\[\d\]$/ }).first()).toBeVisible();
  await expect(turn.locator(".chat-html")).not.toBeEmpty();
  await expect(turn.locator(".chat-problem")).toHaveCount(0);
});

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Locale, translator } from "../../../../i18n/core.ts";
import type { BuildRun, BuildStatus } from "../../../../shared/build-status.ts";
import { BuildStatusView } from "./BuildStatusView.tsx";

const at = "2026-11-24T10:00:00.000Z";
function run(state: BuildRun["state"], extra: Partial<BuildRun> = {}): BuildRun {
  return {
    id: 1,
    state,
    reasons: [{ action: "articles.update", item: "a" }],
    queuedAt: at,
    startedAt: at,
    finishedAt: "2026-11-24T10:00:06.400Z",
    errorLines: [],
    leftOut: [],
    work: null,
    ...extra,
  };
}

const html = (status: BuildStatus | null, locale: Locale = "en-US") =>
  renderToStaticMarkup(createElement(BuildStatusView, { t: translator(locale), locale, status }));

const text = (markup: string) => markup.replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");

describe("the build status as shown", () => {
  it("is a polite live region, empty until there is something to say", () => {
    expect(html(null)).toBe('<div class="bms-build-region" role="status"></div>');
    expect(html({ mode: "rebuild", runs: [] })).toBe(
      '<div class="bms-build-region" role="status"></div>',
    );
  });

  it("names the items a failed build left out, each linked to its editor, in both languages", () => {
    const leftOut = [{ action: "articles.publish", item: "why-2-gt-1", id: "a1" }];
    const status: BuildStatus = { mode: "rebuild", runs: [run("live", { leftOut })] };
    const zh = html(status, "zh-CN");
    expect(text(zh)).toContain("以下内容所在的构建失败");
    expect(text(zh)).toContain("文章：发布 · why-2-gt-1");
    expect(zh).toContain('href="/bms/editarticle?id=a1"');
    expect(text(html(status, "en-US"))).toContain("Articles: published · why-2-gt-1");
  });

  it("names each state in both languages", () => {
    const cases: Array<[BuildStatus, string, string]> = [
      [{ mode: "rebuild", runs: [run("queued")] }, "queued", "排队中"],
      [{ mode: "rebuild", runs: [run("building")] }, "building", "构建中"],
      [
        { mode: "rebuild", runs: [run("queued", { id: 2 }), run("building")] },
        "queued for the next build",
        "排入下一次构建",
      ],
      [{ mode: "rebuild", runs: [run("live")] }, "built in 6.4 s", "构建用时 6.4 秒"],
      [{ mode: "rebuild", runs: [run("failed")] }, "still shows the previous version", "失败"],
      [
        { mode: "hook", runs: [run("requested")] },
        "cannot see when that build is live",
        "托管平台",
      ],
      [{ mode: "hook", runs: [] }, "cannot see when a build is live", "看不到构建何时上线"],
      [{ mode: "none", runs: [] }, "after the next deploy", "下次部署"],
      [{ mode: "refresh", runs: [run("live")] }, "development server", "开发服务器"],
    ];
    for (const [status, english, chinese] of cases) {
      expect(text(html(status, "en-US"))).toContain(english);
      expect(text(html(status, "zh-CN"))).toContain(chinese);
    }
  });

  it("a failure never reads as success and lists the first lines of the error", () => {
    const markup = html({
      mode: "rebuild",
      runs: [run("failed", { errorLines: ['The slug "x" is used twice', "Rename one."] })],
    });
    expect(markup).toContain('data-state="failed"');
    expect(text(markup)).not.toMatch(/\blive\b/);
    expect(markup).toContain(
      '<pre class="bms-build-errors"><code>The slug &quot;x&quot; is used twice\nRename one.</code></pre>',
    );
    expect(text(markup)).toContain("First lines of the error");
  });
});

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  CHECKER_GAPS,
  htmlFiles,
  knownGap,
  pageOf,
  parseVnuOutput,
  summarize,
  type VnuMessage,
} from "./check-html.ts";

// What the HTML check counts as an error, and the check itself run on a page with an error (so
// it can fail).

const DIR = "/site";
const at = (page: string) => pathToFileURL(join(DIR, page)).href;
const error = (page: string, message: string, extract = ""): VnuMessage => ({
  type: "error",
  url: at(page),
  message,
  extract,
});

const BLOCKING =
  "A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.";
const CSS_OPERATOR = "CSS: “background-image”: “ ” is an incorrect operator.";

describe("known checker gaps", () => {
  it("leave out the message only for the markup the standard allows", () => {
    expect(
      knownGap(error("a.html", BLOCKING, '<link rel="expect" href="#main" blocking="render">')),
    ).toBe(CHECKER_GAPS[0]);
    // The same message about another link is an error.
    expect(
      knownGap(error("a.html", BLOCKING, '<link rel="preload" href="/a.css" blocking="render">')),
    ).toBeUndefined();
    expect(
      knownGap(
        error(
          "a.html",
          CSS_OPERATOR,
          'style="background-image:linear-gradient(90deg in oklch, #000 0%, #fff 100%)"',
        ),
      ),
    ).toBe(CHECKER_GAPS[1]);
    expect(
      knownGap(
        error(
          "a.html",
          CSS_OPERATOR,
          'style="background-image:linear-gradient(90deg, #000 0%  #fff 100%)"',
        ),
      ),
    ).toBeUndefined();
    expect(knownGap(error("a.html", "Stray start tag “script”.", 'rel="expect"'))).toBeUndefined();
    const timeline = "CSS: “animation-timeline”: Property “animation-timeline” doesn't exist.";
    expect(knownGap(error("a.html", timeline, "imeline:scroll()){.reading-pro"))).toBe(
      CHECKER_GAPS[2],
    );
    expect(
      knownGap(
        error(
          "a.html",
          "CSS: “animation-timelines”: Property “animation-timelines” doesn't exist.",
        ),
      ),
    ).toBeUndefined();
  });

  it("each name the standard that allows the markup", () => {
    for (const gap of CHECKER_GAPS) expect(gap.reason.length).toBeGreaterThan(40);
  });
});

describe("vnu's report", () => {
  it("counts errors per page, fatal errors and unreadable pages too, warnings and gaps left out", () => {
    const report = summarize(
      [
        error("index.html", "Element “p” not allowed as child of element “span” in this context."),
        error("index.html", "Element “p” not allowed as child of element “span” in this context."),
        { ...error("b/index.html", "Cannot recover after last error."), subType: "fatal" },
        { type: "non-document-error", url: at("c.html"), message: "IO error" },
        { type: "info", subType: "warning", url: at("d.html"), message: "Consider adding a lang" },
        error("e.html", BLOCKING, '<link rel="expect" href="#main" blocking="render">'),
      ],
      DIR,
      6,
    );
    expect(report.errors).toBe(4);
    expect(report.failing.map((p) => [p.page, p.errors.length])).toEqual([
      ["b/index.html", 1],
      ["c.html", 1],
      ["index.html", 2],
    ]);
    expect(report.gaps.get(CHECKER_GAPS[0])).toBe(1);
  });

  it("names a page by its path in the site, Chinese folder names included", () => {
    expect(pageOf(at("articles/中文/index.html"), DIR)).toBe("articles/中文/index.html");
    expect(pageOf(undefined, DIR)).toBe("(no page)");
  });

  it("is JSON with a list of messages, or the check stops", () => {
    expect(parseVnuOutput('{"messages":[]}')).toEqual([]);
    expect(() => parseVnuOutput("Exception in thread main")).toThrow();
    expect(() => parseVnuOutput('{"nothing":1}')).toThrow();
  });
});

const hasJava = spawnSync(process.env.JAVA ?? "java", ["-version"]).status === 0;

describe("the check on pages", () => {
  let dir = "";
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = "";
  });

  it("finds every .html page under the folder, and nothing else", () => {
    dir = mkdtempSync(join(tmpdir(), "check-html-"));
    mkdirSync(join(dir, "a", "中"), { recursive: true });
    for (const file of ["index.html", "a/中/index.html", "a/x.html.br", "a/y.svg"]) {
      writeFileSync(join(dir, file), "");
    }
    expect(htmlFiles(dir).map((f) => f.slice(dir.length + 1))).toEqual([
      "a/中/index.html",
      "index.html",
    ]);
  });

  // Needs Java (.ci/run installs Debian's): one run of the checker, a few seconds.
  it.skipIf(!hasJava)(
    "fails on a page with an error and passes a valid one",
    () => {
      dir = mkdtempSync(join(tmpdir(), "check-html-"));
      const page = (body: string) =>
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>t</title><link rel="expect" href="#m" blocking="render"></head><body><main id="m">${body}</main></body></html>`;
      writeFileSync(join(dir, "ok.html"), page("<p>fine</p>"));
      mkdirSync(join(dir, "bad"));
      writeFileSync(join(dir, "bad", "index.html"), page("<span><p>not here</p></span>"));
      const script = join(import.meta.dirname, "check-html.ts");
      const run = spawnSync(process.execPath, [script, dir], { encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain("bad/index.html: 1 error");
      expect(run.stdout).toContain("Element “p” not allowed as child of element “span”");
      expect(run.stdout).toMatch(/check-html: 2 pages, 1 errors on 1 pages/);
      rmSync(join(dir, "bad"), { recursive: true });
      const out = execFileSync(process.execPath, [script, dir], { encoding: "utf8" });
      expect(out).toMatch(/check-html: 1 pages, 0 errors/);
    },
    120_000,
  );
});

import { describe, expect, it } from "vitest";
import { translator } from "../../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { failedCallText } from "../form.tsx";
import { CallFailure } from "../query.ts";
import { isoToLocal, localToIso, tomorrowMorning } from "../time.ts";
import { contentBulkLine } from "./bulk.ts";
import { counted, tagChoices } from "./counts.ts";
import { asLines, differences, sameFields } from "./kept-draft.ts";

describe("the back office's content helpers", () => {
  it("turns datetime-local values into ISO times and back", () => {
    const iso = localToIso("2031-05-04T09:30");
    expect(iso).not.toBeNull();
    expect(isoToLocal(iso ?? "")).toBe("2031-05-04T09:30");
    expect(localToIso("")).toBeNull();
    expect(localToIso("tomorrow")).toBeNull();
    expect(Date.parse(localToIso(tomorrowMorning()) ?? "")).toBeGreaterThan(Date.now());
  });
});

describe("what the browser keeps of an unsaved edit", () => {
  const label = (name: string) => name.toUpperCase();

  it("writes a form as lines, its fields first and its text last", () => {
    expect(asLines({ title: "A", tags: ["x", "y"], body: "one\ntwo" }, label)).toBe(
      'TITLE: A\nTAGS: ["x","y"]\n\none\ntwo\n',
    );
  });

  it("shows the changed lines with one line of context, the rest as gaps", () => {
    const saved = ["a", "b", "c", "d", "e", "f", "g"].join("\n");
    const kept = ["a", "b", "c", "D", "e", "f", "g"].join("\n");
    expect(differences(saved, kept)).toEqual([
      { kind: "same", text: "c" },
      { kind: "removed", text: "d" },
      { kind: "added", text: "D" },
      { kind: "same", text: "e" },
    ]);
    const far = differences("1\n2\n3\n4\n5\n6\n7\n8", "X\n2\n3\n4\n5\n6\n7\nY");
    expect(far).toContain(null);
    expect(far.filter((l) => l && l.kind !== "same").map((l) => l?.text)).toEqual([
      "1",
      "X",
      "8",
      "Y",
    ]);
  });

  it("compares forms without the time to schedule for", () => {
    expect(sameFields({ title: "a", at: "1" }, { title: "a", at: "2" })).toBe(true);
    expect(sameFields({ title: "a" }, { title: "b" })).toBe(false);
  });
});

describe("the lists' counts and bulk lines", () => {
  const t = translator("en-US");

  it("offers every tag in use, the most used first, each with its count", () => {
    expect(tagChoices(t, { css: 2, html: 5, a11y: 2 })).toEqual([
      { value: "html", label: "html (5)" },
      { value: "a11y", label: "a11y (2)" },
      { value: "css", label: "css (2)" },
    ]);
    expect(tagChoices(t, undefined)).toEqual([]);
    const zh = translator("zh-CN");
    expect(counted(zh, [{ value: "life", label: "生活" }], { life: 3 })).toEqual([
      { value: "life", label: "生活（3）" },
    ]);
    // A choice no item holds says 0; before the counts arrive, the labels stand alone.
    expect(counted(t, [{ value: "x", label: "X" }], {})[0]?.label).toBe("X (0)");
    expect(counted(t, [{ value: "x", label: "X" }], undefined)[0]?.label).toBe("X");
  });

  it("sums up a bulk action on articles in one line, in the interface language", () => {
    const outcome = {
      done: [{ title: "A" }, { title: "B" }],
      refused: [{ item: { title: "C" }, error: new CallFailure(404, "No such article") }],
    };
    const name = (item: { title: string }) => item.title;
    expect(contentBulkLine(t, "bmsArticles.bulk", "unpublish", outcome, name)).toBe(
      `Unpublished 2 of 3. The site drops them once its build is live: see the build status. Not unpublished: “C”: ${t("bmsContent.failure", { message: "No such article" })}`,
    );
    const moved = { done: "bmsArticles.bulk.moved", refused: "bmsArticles.bulk.notMoved" } as const;
    expect(
      contentBulkLine(
        translator("zh-CN"),
        "bmsArticles.bulk",
        "move",
        { done: outcome.done, refused: [] },
        name,
        moved,
      ),
    ).toBe("已移动 2 篇（共 2 篇）。");
    expect(() => contentBulkLine(t, "bmsNotes.bulk", "move", outcome, name)).toThrow();
  });
});

describe("what a failed call says", () => {
  it("says the server could not be reached, in the interface's words, when nothing answered", () => {
    expect(failedCallText(translator("en-US"), new CallFailure(0, "Failed to fetch"))).toBe(
      "The server could not be reached. Check the connection and try again; nothing typed is lost.",
    );
    expect(failedCallText(translator("zh-CN"), new CallFailure(0, "Failed to fetch"))).toMatch(
      /^无法连接服务器/,
    );
    expect(failedCallText(translator("en-US"), new CallFailure(500, "Boom"))).toContain("Boom");
  });

  it("names the text's limit as the rules hold it", () => {
    const limit = CONTENT_LIMITS.body.toLocaleString("en-US");
    expect(translator("en-US")("bmsArticles.problems.bodyTooLong")).toContain(limit);
    expect(translator("zh-CN")("bmsArticles.problems.bodyTooLong")).toContain(limit);
    expect(translator("en-US")("bmsNotes.problems.bodyTooLong")).toContain(limit);
  });
});

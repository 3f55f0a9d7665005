import { describe, expect, it } from "vitest";
import {
  CJK_CHOICES,
  CJK_DEFAULTS,
  CJK_SAMPLE,
  cjkCss,
  numberDeclarations,
  sampleParts,
  specimenDeclarations,
  styleOf,
  supportOf,
} from "./cjk-typography.ts";

describe("CJK typography as CSS", () => {
  it("starts from each setting's first choice", () => {
    for (const [name, choices] of Object.entries(CJK_CHOICES)) {
      if (name === "measure") continue;
      expect(CJK_DEFAULTS[name as keyof typeof CJK_DEFAULTS]).toBe(choices[0]);
    }
  });

  it("writes one declaration per setting, text-orientation and tate-chu-yoko only in vertical text", () => {
    const horizontal = cjkCss(CJK_DEFAULTS);
    expect(horizontal).toBe(
      [
        ".specimen {",
        "  writing-mode: horizontal-tb;",
        "  text-autospace: no-autospace;",
        "  text-spacing-trim: space-all;",
        "  line-break: auto;",
        "  word-break: normal;",
        "  overflow-wrap: normal;",
        "  inline-size: 16em;",
        "}",
      ].join("\n"),
    );
    expect(numberDeclarations({ ...CJK_DEFAULTS, combine: "all" })).toEqual([]);
    const vertical = { ...CJK_DEFAULTS, writing: "vertical-rl", combine: "all" } as const;
    expect(specimenDeclarations(vertical)[1]).toEqual(["text-orientation", "mixed"]);
    expect(cjkCss(vertical)).toContain(".specimen .tcy {\n  text-combine-upright: all;\n}");
  });

  it("names declarations as the DOM's style does", () => {
    expect(
      styleOf([
        ["text-spacing-trim", "trim-start"],
        ["writing-mode", "vertical-rl"],
      ]),
    ).toEqual({ textSpacingTrim: "trim-start", writingMode: "vertical-rl" });
  });

  it("marks numbers of one or two digits for text-combine-upright, not a year or a decimal", () => {
    const parts = sampleParts(CJK_SAMPLE);
    expect(parts.map((p) => p.text).join("")).toBe(CJK_SAMPLE);
    expect(parts.filter((p) => p.number).map((p) => p.text)).toEqual(["11", "7", "19"]);
    expect(parts.some((p) => p.text === "2026" && !p.number)).toBe(true);
    expect(sampleParts("第0.8秒")).toEqual([{ text: "第0.8秒", number: false }]);
  });

  it("tells a property the browser lacks from a value it lacks", () => {
    const knows = (property: string, value: string) =>
      property !== "text-autospace" && !(property === "line-break" && value === "anywhere");
    const support = supportOf({ ...CJK_DEFAULTS, lineBreak: "anywhere" }, knows);
    const of = (property: string) => support.find((s) => s.property === property);
    expect(of("text-autospace")).toMatchObject({ known: false, valueKnown: false });
    expect(of("line-break")).toMatchObject({ known: true, valueKnown: false, value: "anywhere" });
    expect(of("writing-mode")).toMatchObject({ known: true, valueKnown: true });
    expect(support.map((s) => s.property)).not.toContain("inline-size");
  });
});

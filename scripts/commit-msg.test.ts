import { describe, expect, it } from "vitest";
import { commitMessageProblems } from "./commit-msg.ts";

describe("the commit message rule", () => {
  it("takes an imperative subject, a blank line and a body", () => {
    expect(commitMessageProblems("Render article cards as Astro components\n\nWhy.\n")).toEqual([]);
    expect(commitMessageProblems("Fix a typo\n")).toEqual([]);
  });

  it("refuses a subject over 72 characters, counting characters, not bytes", () => {
    expect(commitMessageProblems(`${"a".repeat(73)}\n`)).toEqual([
      "The subject has 73 characters; at most 72.",
    ]);
    expect(commitMessageProblems(`${"字".repeat(72)}\n`)).toEqual([]);
  });

  it("refuses a body straight under the subject, an empty subject and a full stop", () => {
    expect(commitMessageProblems("Subject\nbody\n")).toEqual([
      "A blank line must follow the subject.",
    ]);
    expect(commitMessageProblems("\n\n# only a comment\n")).toEqual(["The subject is empty."]);
    expect(commitMessageProblems("Add a thing.\n")).toEqual(["The subject ends with a full stop."]);
  });

  it("leaves out git's comment lines and lets its merge and revert subjects run long", () => {
    expect(commitMessageProblems("# Please enter\nAdd it\n\n# more\nbody\n")).toEqual([]);
    expect(commitMessageProblems(`Merge branch '${"x".repeat(80)}'\n`)).toEqual([]);
    expect(commitMessageProblems(`Revert "${"y".repeat(80)}"\n`)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkUserName,
} from "./auth-rules.ts";

type Rule = (value: string) => string | null;

/** Each rule, and what it answers for each input: the i18n key of the problem, or null. */
const RULES: Array<{ name: string; rule: Rule; answers: Array<[string, string | null]> }> = [
  {
    name: "email: required, then valid",
    rule: checkEmail,
    answers: [
      ["", "validation.emailRequired"],
      ["  ", "validation.emailRequired"],
      ["reader@", "validation.emailInvalid"],
      ["reader@example.com", null],
    ],
  },
  {
    name: "username: not empty, 2-10 letters or digits",
    rule: checkUserName,
    answers: [
      ["", "validation.userNameRequired"],
      ["a", "validation.userNameInvalid"],
      ["abcdefghijk", "validation.userNameInvalid"],
      ["张三", "validation.userNameInvalid"],
      ["reader42", null],
    ],
  },
  {
    name: "password: required, 6-16, letters, digits and symbols",
    rule: checkPassword,
    answers: [
      ["", "validation.passwordRequired"],
      ["abc12", "validation.passwordInvalid"],
      ["abcdef12", "validation.passwordInvalid"],
      ["abcdef!!", "validation.passwordInvalid"],
      ["a1!a1!a1!a1!a1!a1", "validation.passwordInvalid"],
      ["ab 12!cd", "validation.passwordInvalid"],
      ["ink2ink!", null],
    ],
  },
  {
    name: "code: 6 digits",
    rule: checkCode,
    answers: [
      ["12345", "validation.codeInvalid"],
      ["12345a", "validation.codeInvalid"],
      ["123456", null],
    ],
  },
  {
    name: "confirmation: must match the password",
    rule: (again) => checkConfirmation("ink2ink!", again),
    answers: [
      ["ink2ink?", "validation.passwordsDiffer"],
      ["ink2ink!", null],
    ],
  },
];

describe("account input rules (SPEC.md section 5)", () => {
  it.each(RULES)("$name", ({ rule, answers }) => {
    for (const [value, problem] of answers)
      expect(rule(value), JSON.stringify(value)).toBe(problem);
  });
});

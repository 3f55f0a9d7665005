import { describe, expect, it } from "vitest";
import {
  checkCode,
  checkConfirmation,
  checkEmail,
  checkPassword,
  checkUserName,
} from "./auth-rules.ts";

describe("account input rules (SPEC.md section 5)", () => {
  it("email: required, then valid", () => {
    expect(checkEmail("")).toBe("validation.emailRequired");
    expect(checkEmail("  ")).toBe("validation.emailRequired");
    expect(checkEmail("reader@")).toBe("validation.emailInvalid");
    expect(checkEmail("reader@example.com")).toBeNull();
  });
  it("username: not empty, 2-10 letters or digits", () => {
    expect(checkUserName("")).toBe("validation.userNameRequired");
    expect(checkUserName("a")).toBe("validation.userNameInvalid");
    expect(checkUserName("abcdefghijk")).toBe("validation.userNameInvalid");
    expect(checkUserName("张三")).toBe("validation.userNameInvalid");
    expect(checkUserName("reader42")).toBeNull();
  });
  it("password: required, 6-16, letters, digits and symbols", () => {
    expect(checkPassword("")).toBe("validation.passwordRequired");
    expect(checkPassword("abc12")).toBe("validation.passwordInvalid");
    expect(checkPassword("abcdef12")).toBe("validation.passwordInvalid");
    expect(checkPassword("abcdef!!")).toBe("validation.passwordInvalid");
    expect(checkPassword("a1!a1!a1!a1!a1!a1")).toBe("validation.passwordInvalid");
    expect(checkPassword("ab 12!cd")).toBe("validation.passwordInvalid");
    expect(checkPassword("ink2ink!")).toBeNull();
  });
  it("code: 6 digits; confirmation must match", () => {
    expect(checkCode("12345")).toBe("validation.codeInvalid");
    expect(checkCode("12345a")).toBe("validation.codeInvalid");
    expect(checkCode("123456")).toBeNull();
    expect(checkConfirmation("ink2ink!", "ink2ink?")).toBe("validation.passwordsDiffer");
    expect(checkConfirmation("ink2ink!", "ink2ink!")).toBeNull();
  });
});

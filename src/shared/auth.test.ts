import { describe, expect, it } from "vitest";
import {
  birthdaySchema,
  canChangeFeedbackStatus,
  emailSchema,
  FEEDBACK_STATUSES,
  isBirthday,
  listUsersQuerySchema,
  plainPasswordSchema,
  updateProfileSchema,
  userNameSchema,
} from "./auth.ts";
import { checkEmail, checkPassword, checkUserName } from "./auth-rules.ts";

describe("account schemas", () => {
  it("accepts real past dates as birthdays and clears with null or empty", () => {
    const today = new Date("2026-11-22T12:00:00Z");
    expect(isBirthday("2000-02-29", today)).toBe(true);
    expect(isBirthday("2026-11-22", today)).toBe(true);
    expect(isBirthday("2001-02-29", today)).toBe(false);
    expect(isBirthday("2026-11-23", today)).toBe(false);
    expect(isBirthday("1899-12-31", today)).toBe(false);
    expect(isBirthday("2000-1-5", today)).toBe(false);
    expect(birthdaySchema.parse("")).toBeNull();
    expect(birthdaySchema.parse(null)).toBeNull();
    expect(birthdaySchema.parse("1990-05-01")).toBe("1990-05-01");
  });

  it("reads list queries with defaults, treating empty values as none", () => {
    expect(listUsersQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10, sort: "created" });
    expect(
      listUsersQuerySchema.parse({ page: "2", pageSize: "50", q: " Al ", role: "", status: "" }),
    ).toEqual({ page: 2, pageSize: 50, q: "Al", sort: "created" });
    expect(listUsersQuerySchema.parse({ sort: "email" })).toMatchObject({ sort: "email" });
    expect(listUsersQuerySchema.safeParse({ sort: "age" }).success).toBe(false);
    expect(listUsersQuerySchema.safeParse({ pageSize: "101" }).success).toBe(false);
    expect(listUsersQuerySchema.safeParse({ page: "0" }).success).toBe(false);
  });

  it("rejects an empty profile change and unknown fields", () => {
    expect(updateProfileSchema.safeParse({}).success).toBe(false);
    expect(updateProfileSchema.safeParse({ role: "admin" }).success).toBe(false);
    expect(updateProfileSchema.parse({ email: " Me@X.org " })).toEqual({ email: "me@x.org" });
  });

  it("allows the feedback transitions forward, to closed early, and to reopen", () => {
    const allowed = FEEDBACK_STATUSES.flatMap((from) =>
      FEEDBACK_STATUSES.filter((to) => canChangeFeedbackStatus(from, to)).map(
        (to) => `${from}>${to}`,
      ),
    );
    expect(allowed.sort()).toEqual(
      [
        "new>in_progress",
        "new>closed",
        "in_progress>resolved",
        "in_progress>closed",
        "resolved>closed",
        "resolved>in_progress",
        "closed>in_progress",
      ].sort(),
    );
    expect(canChangeFeedbackStatus("bogus", "new")).toBe(false);
  });
});

describe("the browser's checks agree with the server's schemas", () => {
  const emails = [
    "a@b.co",
    " Me@Example.org ",
    "first.last+tag@sub.example.com",
    "name@例子.中国",
    "",
    "   ",
    "plain",
    "a@b",
    "a@@b.co",
    "a b@c.co",
    "a@b..co",
    ".a@b.co",
    "a.@b.co",
    "a@-b.co",
    "a@b.c",
    `${"x".repeat(250)}@b.co`,
    "a@b.co.",
    'a"b@c.co',
  ];
  it.each(emails)("email %j", (value) => {
    const browser = checkEmail(value);
    const server = emailSchema.safeParse(value);
    expect(browser).toBe(server.success ? null : server.error.issues[0]?.message);
  });

  const names = ["ab", "Ab12", "a", "abcdefghijk", "ab c", " ab ", "名字", "", "ab_c"];
  it.each(names)("user name %j", (value) => {
    const server = userNameSchema.safeParse(value);
    expect(checkUserName(value)).toBe(server.success ? null : server.error.issues[0]?.message);
  });

  const passwords = [
    "abc12!",
    "abc123",
    "ab1!",
    "abcdefghij12345!x",
    "abc 12!",
    "",
    "ÄÖÜ12!",
    "12345!",
  ];
  it.each(passwords)("password %j", (value) => {
    const server = plainPasswordSchema.safeParse(value);
    expect(checkPassword(value)).toBe(server.success ? null : server.error.issues[0]?.message);
  });
});

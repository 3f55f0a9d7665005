import { expect } from "vitest";
import type { FieldIssue } from "../../../../shared/envelope.ts";
import { CallFailure } from "../query.ts";

// What the content screens' tests build their records and refusals of, and how they read a
// form's problems.

/** Where a record lives and when it changed: a database row, never saved (no times yet). */
export const DATABASE_ROW = {
  createdAt: null,
  updatedAt: null,
  source: "database",
  readOnly: false,
  file: null,
} as const;

/** A 409 the server sends for `issues`, worded as its first issue. */
export function conflict(issues: [FieldIssue, ...FieldIssue[]]): CallFailure {
  return new CallFailure(409, issues[0].message, { kind: "conflict", issues });
}

/** A form schema's answer to `values`: its problems, if any, each at its path. */
interface Checked {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}

/**
 * A form's problems as the form shows them: each field's path (`images.1.src`) with its
 * message (an i18n key where the form words it); none when `schema` takes the values.
 */
export function problemsOf<T>(schema: { safeParse: (values: T) => Checked }, values: T) {
  const issues = schema.safeParse(values).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [issue.path.join("."), issue.message]));
}

/**
 * A content form asks for a future time only when scheduling (`key` its words for one that is
 * not): `problemsAt(at, action)` are its problems with `at` as the time and `action` pressed.
 */
export function expectFutureTimeOnlyToSchedule(
  problemsAt: (at: string, action: "draft" | "publish" | "save" | "schedule") => object,
  key: string,
) {
  const past = "2020-01-01T08:00";
  for (const action of ["draft", "publish", "save"] as const) {
    expect(problemsAt(past, action), action).toEqual({});
  }
  expect(problemsAt(past, "schedule")).toEqual({ at: key });
  expect(problemsAt("", "schedule")).toEqual({ at: key });
  expect(problemsAt("2999-05-04T09:30", "schedule")).toEqual({});
}

import { describe, expect, it } from "vitest";
import { storedUser } from "./user-info.test-support.ts";
import { readUserInfo } from "./user-info.ts";

const user = storedUser();
const store = (value: string | null) => ({ getItem: () => value });

describe("stored user info", () => {
  it("reads the spec's shape", () => {
    expect(readUserInfo(store(JSON.stringify({ token: "t", user })))).toEqual({ token: "t", user });
  });

  it("treats missing, broken or wrongly shaped data as logged out", () => {
    expect(readUserInfo(store(null))).toBeNull();
    expect(readUserInfo(undefined)).toBeNull();
    expect(readUserInfo(store("{oops"))).toBeNull();
    expect(readUserInfo(store(JSON.stringify({ token: "t" })))).toBeNull();
    expect(
      readUserInfo(store(JSON.stringify({ token: "t", user: { ...user, sex: "x" } }))),
    ).toBeNull();
    expect(
      readUserInfo(store(JSON.stringify({ token: "t", user: { ...user, birthday: 5 } }))),
    ).toBeNull();
  });
});

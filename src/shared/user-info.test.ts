import { describe, expect, it } from "vitest";
import { readUserInfo } from "./user-info.ts";

const user = {
  isLogin: true,
  avatar: "",
  email: "a@b.co",
  role: "user",
  status: "active",
  userName: "reader",
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  sex: "secret",
  birthday: null,
  desc: "",
  _id: "u1",
};
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

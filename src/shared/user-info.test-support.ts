import type { StoredUser } from "./user-info.ts";

/** A stored user of the spec's shape (SPEC.md section 3), a reader unless `values` say. */
export function storedUser(values: Partial<StoredUser> = {}): StoredUser {
  return {
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
    ...values,
  };
}

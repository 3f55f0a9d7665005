import type { UserRecord } from "../../shared/auth.ts";
import type { StoredUser } from "../../shared/user-info.ts";
import type { UserRow } from "./repository.ts";

function sexOf(value: string): StoredUser["sex"] {
  return value === "male" || value === "female" ? value : "secret";
}

/** A user as the API answers it: SPEC.md section 3's fields without `isLogin`, never the hash. */
export function toUserRecord(row: UserRow): UserRecord {
  return {
    avatar: row.avatar,
    email: row.email,
    role: row.role,
    status: row.status,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sex: sexOf(row.sex),
    birthday: row.birthday,
    desc: row.description,
    _id: row.id,
  };
}

/** Exactly the stored `user-info` user (src/shared/user-info.ts). */
export function toStoredUser(row: UserRow): StoredUser {
  return { isLogin: true, ...toUserRecord(row) };
}

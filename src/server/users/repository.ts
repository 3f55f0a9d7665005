import { and, count, desc, eq, ilike, inArray, or, type SQL } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { users } from "../db/schema.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<
  Pick<
    UserRow,
    | "email"
    | "userName"
    | "passwordHash"
    | "role"
    | "status"
    | "avatar"
    | "sex"
    | "birthday"
    | "description"
  >
>;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Inserts a user; null when the email is taken. */
export async function insertUser(db: Db, values: NewUser): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

/** Updates a user (and its updated_at); null when there is no such user. */
export async function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

/** Deletes users by id (sessions and reset tokens go with them); answers what was deleted. */
export async function deleteUsersById(
  db: Db,
  ids: string[],
): Promise<Array<{ id: string; avatar: string }>> {
  return db
    .delete(users)
    .where(inArray(users.id, ids))
    .returning({ id: users.id, avatar: users.avatar });
}

export interface UserFilter {
  q?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** A page of users, newest first; `q` matches the name or the email case-insensitively. */
export async function listUsers(
  db: Db,
  filter: UserFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: Array<SQL | undefined> = [
    filter.role ? eq(users.role, filter.role) : undefined,
    filter.status ? eq(users.status, filter.status) : undefined,
  ];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(or(ilike(users.userName, pattern), ilike(users.email, pattern)));
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ total: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: totalRow?.total ?? 0 };
}

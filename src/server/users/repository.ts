import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { UserSort } from "../../shared/auth.ts";
import type { Db } from "../db/client.ts";
import { firstRow, type PageQuery, pageOfRows, type RowPage, search } from "../db/queries.ts";
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

export function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return firstRow(db.select().from(users).where(eq(users.email, email)).limit(1));
}

export function findUserById(db: Db, id: string): Promise<UserRow | null> {
  return firstRow(db.select().from(users).where(eq(users.id, id)).limit(1));
}

/** Inserts a user; null when the email is taken. */
export function insertUser(db: Db, values: NewUser): Promise<UserRow | null> {
  return firstRow(
    db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning(),
  );
}

/** Updates a user (and its updated_at); null when there is no such user. */
export function updateUser(db: Db, id: string, patch: UserPatch): Promise<UserRow | null> {
  return firstRow(
    db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning(),
  );
}

/** Deletes users by id (sessions and reset tokens go with them); answers what was deleted. */
export async function deleteUsersById(
  db: Db,
  ids: string[],
): Promise<Array<{ id: string; avatar: string; userName: string }>> {
  return db
    .delete(users)
    .where(inArray(users.id, ids))
    .returning({ id: users.id, avatar: users.avatar, userName: users.userName });
}

export interface UserFilter {
  q?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
  sort?: UserSort | undefined;
}

/** The user list's orders (`USER_SORTS`); ties by id, so pages never overlap. */
function userOrder(sort: UserSort | undefined): SQL[] {
  if (sort === "name") return [sql`lower(${users.userName})`, sql`${users.id}`];
  if (sort === "email") return [sql`lower(${users.email})`, sql`${users.id}`];
  return [sql`${users.createdAt} desc`, sql`${users.id} desc`];
}

/** A page of users in `sort`'s order; `q` matches the name or the email case-insensitively. */
export function listUsers(db: Db, query: UserFilter & PageQuery): Promise<RowPage<UserRow>> {
  const where = and(
    query.role ? eq(users.role, query.role) : undefined,
    query.status ? eq(users.status, query.status) : undefined,
    search(query.q, [users.userName, users.email]),
  );
  return pageOfRows(db, users, where, userOrder(query.sort), query);
}

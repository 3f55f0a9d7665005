import { api, byId, send } from "../../../shared/api-client.ts";
import type { UserRole, UserStatus } from "../../../shared/auth-rules.ts";
import { seal } from "../../auth/account-api.ts";
import { dataOf, usePageQuery, useWrite } from "../app/query.ts";
import type { NewUser } from "./schema.ts";

// User management's server state: a query per page of the list, a mutation per write; every
// write invalidates the feature's key.

const usersKey = ["users"] as const;

/** One page of users, filtered by words of a name or an address, role and status ("" for any). */
export const useUserPage = (
  filters: Record<"q" | "role" | "status" | "sort", string>,
  page: number,
) => usePageQuery(usersKey, filters, page, (query) => send(api.getAllUsers.$get({ query })));

/** Changes a user's role or status (the server refuses the last admin's demotion). */
export const useUpdateUser = () =>
  useWrite(
    usersKey,
    ({ id, changes }: { id: string; changes: { role?: UserRole; status?: UserStatus } }) =>
      dataOf(send(api.updateUsers[":id"].$put({ ...byId(id), json: changes }))),
  );

export const useDeleteUser = () =>
  useWrite(usersKey, (id: string) => dataOf(send(api.deleteUsers.$post({ json: { ids: [id] } }))));

/** Adds an account; the password is encrypted for the API like every password. */
export const useCreateUser = () =>
  useWrite(usersKey, async (user: NewUser) =>
    dataOf(send(api.createUser.$post({ json: { ...user, password: await seal(user.password) } }))),
  );

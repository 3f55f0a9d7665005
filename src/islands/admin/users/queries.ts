import { useQuery } from "@tanstack/react-query";
import { api, byId, send } from "../../../shared/api-client.ts";
import type { UserRole, UserStatus } from "../../../shared/auth-rules.ts";
import { seal } from "../../auth/account-api.ts";
import { dataOf, useWrite } from "../app/query.ts";
import type { NewUser } from "./schema.ts";

// User management's server state: a query per page of the list, a mutation per write; every
// write invalidates the feature's key.

export const PAGE_SIZE = 20;

export interface UserFilters {
  q: string;
  role: string;
  status: string;
  page: number;
}

const usersKey = ["users"] as const;

/** One page of users, filtered. */
export function useUserPage(filters: UserFilters) {
  return useQuery({
    queryKey: [...usersKey, filters],
    queryFn: () =>
      dataOf(
        send(
          api.getAllUsers.$get({
            query: {
              q: filters.q,
              role: filters.role,
              status: filters.status,
              page: String(filters.page),
              pageSize: String(PAGE_SIZE),
            },
          }),
        ),
      ),
  });
}

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

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, send } from "../../../shared/api-client.ts";
import { dataOf, useWrite } from "../app/query.ts";

// The admin's own sessions: where they are signed in, one ended, all others ended.

const sessionsKey = ["sessions"] as const;

export const useSessions = () =>
  useQuery({ queryKey: sessionsKey, queryFn: () => dataOf(send(api.sessions.$get())) });

export const useEndSession = () =>
  useWrite(sessionsKey, (id: string) =>
    dataOf(send(api.sessions[":id"].$delete({ param: { id } }))),
  );

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useWrite(sessionsKey, async () => {
    const rest = await dataOf(send(api.sessions["revoke-others"].$post()));
    client.setQueryData(sessionsKey, rest);
    return rest;
  });
}

import {
  keepPreviousData,
  QueryClient,
  type QueryKey,
  useMutation,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiRejection, type ApiResult } from "../../../shared/api-client.ts";
import type { ErrorInfo, FieldIssue } from "../../../shared/envelope.ts";

/**
 * A failed call as an Error, so TanStack Query holds it as the query's or mutation's error: the
 * code (0 for the network or a timeout), the server's message and its machine-readable part.
 */
export class CallFailure extends Error {
  readonly code: number;
  readonly issues: FieldIssue[];
  readonly info: ErrorInfo | undefined;
  constructor(code: number, message: string, info?: ErrorInfo) {
    super(message);
    this.name = "CallFailure";
    this.code = code;
    this.info = info;
    this.issues = info?.issues ?? [];
  }
}

/**
 * The data of a typed call (`send(api.….$get())`), or a thrown `CallFailure`: what a query's
 * `queryFn` and a mutation's `mutationFn` return.
 */
export async function dataOf<T>(call: Promise<ApiResult<T>>): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiRejection)
      throw new CallFailure(error.code, error.message, error.error);
    throw new CallFailure(0, error instanceof Error ? error.message : "");
  }
  if (result.success) return result.data;
  throw new CallFailure(result.code, result.message, result.error);
}

/** The back office's one query client: one retry for reads, none for writes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          count < 1 && !(error instanceof CallFailure && error.code >= 400 && error.code < 500),
        refetchOnWindowFocus: false,
        // A list keeps showing its last page while the next one loads (no flash of "loading").
        placeholderData: keepPreviousData,
      },
      mutations: { retry: false },
    },
  });
}

/** `value`, once it has stopped changing for `delayMs` (a search box asks when typing pauses). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A feature's write (`mutateAsync`): once it succeeds, what is under `key` is fetched again, and
 * the returned promise waits for that, so a list shows what the server holds when it resolves.
 */
export function useWrite<Input, Output>(key: QueryKey, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Awaits a write for a control that waits on how it went (a confirm step, a publish button):
 * true once it is done; a failure goes to `failed` (to be shown) and gives false.
 */
export async function succeeded(
  write: Promise<unknown>,
  failed: (error: unknown) => void,
): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    failed(error);
    return false;
  }
}

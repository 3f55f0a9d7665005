import {
  keepPreviousData,
  QueryClient,
  type QueryKey,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ApiRejection, type ApiResult, isEnvelope } from "../../../shared/api-client.ts";
import type { Page } from "../../../shared/auth.ts";
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
 * A typed call that answers a file (a CSV export, the site's archive), saved by the browser under
 * the name the server gives it (`Content-Disposition`), else `fallbackName`; answers that name.
 * A refusal is an envelope like every failure's and throws a `CallFailure` with its words.
 */
export async function saveFile(response: Promise<Response>, fallbackName: string): Promise<string> {
  const res = await response;
  if (!res.ok) {
    const body: unknown = await res.json().catch(() => null);
    const envelope = isEnvelope(body) ? body : null;
    throw new CallFailure(
      envelope?.code ?? res.status,
      envelope?.message || res.statusText,
      envelope?.error,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  followDownload(url, name);
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/**
 * Opens `href` as a download without leaving the page: a blob saved as `fileName`, or a link whose
 * answer is an attachment (another origin's, which names the file itself).
 */
export function followDownload(href: string, fileName?: string): void {
  const link = document.createElement("a");
  link.href = href;
  if (fileName) link.download = fileName;
  else link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
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
      // A write made offline fails at once and says so (`bmsContent.unreachable`), rather than
      // waiting unseen for the connection: what was typed stays in the form and the browser.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

/** How many items a list asks for at a time, unless it asks for another number. */
export const PAGE_SIZE = 20;

/**
 * One page of a feature's list, under the feature's `key`: the filters ("" for any) and the page
 * go to `fetch` as the API's query (text); the page tells `ListSection` its size.
 */
export function usePageQuery<P extends Page<unknown>, F extends Record<keyof F, string>>(
  key: QueryKey,
  filters: F,
  page: number,
  fetch: (query: F & { page: string; pageSize: string }) => Promise<ApiResult<P>>,
  pageSize = PAGE_SIZE,
) {
  return useQuery({
    queryKey: [...key, "page", filters, page],
    queryFn: () => dataOf(fetch({ ...filters, page: String(page), pageSize: String(pageSize) })),
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
 * After a write: what is under `key` is fetched again. A read still under way may have been
 * answered before the write (a search typed just before Publish): it is cancelled first, since
 * TanStack Query would otherwise hand its answer on rather than ask again for a query that has no
 * data yet, and the list would show the old state.
 */
export async function refreshAfterWrite(client: QueryClient, key: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey: key });
  await client.invalidateQueries({ queryKey: key });
}

/**
 * A feature's write (`mutateAsync`): once it succeeds, what is under `key` is fetched again
 * (`refreshAfterWrite`), and the returned promise waits for that, so a list shows what the server
 * holds when it resolves.
 */
export function useWrite<Input, Output>(key: QueryKey, write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => refreshAfterWrite(client, key),
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

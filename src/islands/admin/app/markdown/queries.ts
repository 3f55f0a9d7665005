import { useQuery } from "@tanstack/react-query";
import { api, send } from "../../../../shared/api-client.ts";
import { CONTENT_LIMITS } from "../../../../shared/content-rules.ts";
import { dataOf, useSettled } from "../query.ts";

// The preview's server state: the text as the site renders it, asked for once typing pauses.

/** How long typing must pause before the preview asks again. */
export const PREVIEW_PAUSE_MS = 40;

/**
 * The preview of `text` (`POST /api/admin/preview`) once typing has paused, while `enabled`
 * (the preview is shown). The last answer stays on screen while the next is on its way;
 * `pending` says the one shown is behind the text.
 */
export function usePreview(text: string, enabled: boolean) {
  const settled = useSettled(text, PREVIEW_PAUSE_MS);
  // Longer than a text may be: not sent (the server would refuse it), said so (`tooLong`).
  const tooLong = settled.length > CONTENT_LIMITS.body;
  const query = useQuery({
    queryKey: ["preview", settled],
    // A preview overtaken by more typing is abandoned: only the latest text's is waited for.
    queryFn: ({ signal }) =>
      dataOf(send(api.admin.preview.$post({ json: { body: settled } }, { init: { signal } }))),
    enabled: enabled && !tooLong,
    // A text's rendering never changes: each is asked for once, and kept a minute for undo.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });
  return {
    ...query,
    tooLong,
    pending: !tooLong && (settled !== text || query.isPlaceholderData || query.isFetching),
  };
}

// Readership's rules free of zod: the page's beacon script (src/components/readership-beacon.ts)
// and the server (src/server/readership/) read the same ones. The beacon's schema, built on
// these limits, is in readership.ts.

/** The most a beacon's path and referrer may hold, and its whole body, in bytes. */
export const BEACON_LIMITS = { path: 300, referrer: 500, bytes: 1024 } as const;

/** The back office, the API and draft previews are not readership. */
const UNCOUNTED = /^\/(?:bms|api|draft-preview)(?:[/.?#]|$)/i;

/** Whether a page's path counts as a view. */
export const isCountedPath = (path: string): boolean => !UNCOUNTED.test(path);

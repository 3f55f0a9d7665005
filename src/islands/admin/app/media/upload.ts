import { api, send, storedToken } from "../../../../shared/api-client.ts";
import type { MediaRecord } from "../../../../shared/kinds/media.ts";
import { dataOf } from "../query.ts";

// One image's upload with its progress. fetch cannot tell how much of a body is sent, so this is
// the one call of the back office made with XMLHttpRequest: to the typed client's own path, with
// the typed client's headers, its answer settled by the typed client's `send` into the same data
// or `CallFailure` as every other call.

/** What an upload uses of an XMLHttpRequest (a test gives a fake one). */
export interface UploadXhr {
  open(method: "POST", url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null };
}

export interface UploadOptions {
  /** How much of the file is sent: bytes sent and in all (the body's, form data included). */
  onProgress?: (sent: number, total: number) => void;
  /** The bearer token; the typed client's (the stored user info's) by default. */
  getToken?: () => string | null;
  createXhr?: () => UploadXhr;
}

/** The answer of the typed client's upload call, which the XHR's answer is read as. */
type UploadAnswer = Awaited<ReturnType<typeof api.admin.media.$post>>;

/** Where the typed client posts an upload (`/api/admin/media`). */
export const uploadPath = () => api.admin.media.$path();

/**
 * Uploads one image (`POST /api/admin/media`, multipart, field `file`) and answers its record;
 * a refusal, an HTTP error or a lost connection is thrown as the `CallFailure` every call gives
 * (a refusal's reason in `issues[0].key`, `media.problems.*`).
 */
export function uploadImage(file: File, options: UploadOptions = {}): Promise<MediaRecord> {
  const answer = new Promise<UploadAnswer>((resolve, reject) => {
    const xhr: UploadXhr = options.createXhr?.() ?? new XMLHttpRequest();
    xhr.open("POST", uploadPath());
    const token = (options.getToken ?? storedToken)();
    xhr.setRequestHeader("accept", "application/json");
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      try {
        const body = xhr.responseText || null;
        const response = new Response(body, { status: xhr.status, statusText: xhr.statusText });
        // The typed client types a Response by the route's answers; this one is that route's.
        resolve(response as UploadAnswer);
      } catch (error) {
        // A status no Response can have (below 200): no answer of the API.
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error("Network error"));
    xhr.onabort = () => reject(new Error("The upload was stopped"));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
  return dataOf(send(answer));
}

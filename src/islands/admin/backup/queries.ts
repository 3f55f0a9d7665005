import { useMutation } from "@tanstack/react-query";
import { api, isEnvelope } from "../../../shared/api-client.ts";
import { CallFailure } from "../app/query.ts";

// The back office's export: `GET /api/admin/export` answers a file, not an envelope (a refusal
// is an envelope like every failure's). The browser saves it under the server's dated name.

/** Downloads the archive of everything; answers the file's name. */
export async function downloadArchive(): Promise<string> {
  const res = await api.admin.export.$get();
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
    /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ??
    "blog-export.tar.gz";
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** The download as a mutation: its pending state, its file name or its failure. */
export const useDownloadArchive = () => useMutation({ mutationFn: downloadArchive });

import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shared/api-client.ts";
import { saveFile } from "../app/query.ts";

// The back office's export: `GET /api/admin/export` answers a file, not an envelope (a refusal
// is an envelope like every failure's). The browser saves it under the server's dated name.

/** Downloads the archive of everything; answers the file's name. */
export function downloadArchive(): Promise<string> {
  return saveFile(api.admin.export.$get(), "blog-export.tar.gz");
}

/** The download as a mutation: its pending state, its file name or its failure. */
export const useDownloadArchive = () => useMutation({ mutationFn: downloadArchive });

import { useMutation } from "@tanstack/react-query";
import { api, send } from "../../../../shared/api-client.ts";
import { dataOf, followDownload, saveFile } from "../../app/query.ts";

// The back office's export (src/server/backup/routes.ts): the server makes the archive and
// keeps it, then the browser downloads it. On Netlify the answer carries Supabase Storage's
// signed link and the browser takes the file straight from there, whatever its size (a
// function may answer about 6 MB at most); on a server with its own disk the file comes from
// `GET /api/admin/export/<name>`, which answers a file, not an envelope (a refusal is an
// envelope like every failure's).

/** Makes and downloads the archive of everything; answers the file's name. */
export async function downloadArchive(): Promise<string> {
  const made = await dataOf(send(api.admin.export.$post()));
  if (made.url === null) {
    return saveFile(
      api.admin.export[":file"].$get({ param: { file: made.fileName } }),
      made.fileName,
    );
  }
  // The link answers the file as an attachment of that name: the page stays where it is.
  followDownload(made.url);
  return made.fileName;
}

/** The download as a mutation: its pending state, its file name or its failure. */
export const useDownloadArchive = () => useMutation({ mutationFn: downloadArchive });

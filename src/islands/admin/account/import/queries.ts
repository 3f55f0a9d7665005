import { useMutation, useQuery } from "@tanstack/react-query";
import { api, send } from "../../../../shared/api-client.ts";
import type { ImportFile } from "../../../../shared/import-rules.ts";
import { CallFailure, dataOf, useWrite } from "../../app/query.ts";

// Imports from another blog (src/server/import/routes.ts): what a file would bring, the import
// itself, the imports made and the removal of one.

const importsKey = ["imports"] as const;

export const useImports = () =>
  useQuery({ queryKey: importsKey, queryFn: () => dataOf(send(api.admin.imports.$get())) });

/** The upload as form data: the file, the checkbox as "1" or "0", the progress id if any. */
const formOf = ({ file, fetchImages, progress }: ImportFile) => ({
  file,
  fetchImages: fetchImages ? ("1" as const) : ("0" as const),
  ...(progress ? { progress } : {}),
});

/**
 * How far the import the page named `id` has got, asked each second while it runs. A 404 (the
 * server runs on several instances, or has not started it yet) leaves the bar without numbers.
 */
export const useImportProgress = (id: string) =>
  useQuery({
    queryKey: [...importsKey, "progress", id],
    queryFn: async () => {
      try {
        return await dataOf(send(api.admin.imports.progress[":id"].$get({ param: { id } })));
      } catch (error) {
        if (error instanceof CallFailure && error.code === 404) return null;
        throw error;
      }
    },
    refetchInterval: 1000,
    retry: false,
  });

/** The dry run: what importing the file would bring; nothing is written. */
export const usePreviewImport = () =>
  useMutation({
    mutationFn: (upload: ImportFile) =>
      dataOf(send(api.admin.imports.preview.$post({ form: formOf(upload) }))),
  });

export const useRunImport = () =>
  useWrite(importsKey, (upload: ImportFile) =>
    dataOf(send(api.admin.imports.$post({ form: formOf(upload) }))),
  );

export const useRemoveImport = () =>
  useWrite(importsKey, (id: string) =>
    dataOf(send(api.admin.imports[":id"].$delete({ param: { id } }))),
  );

/** An import's outcome, as the API answers it. */
export type ImportOutcome = Awaited<ReturnType<ReturnType<typeof usePreviewImport>["mutateAsync"]>>;

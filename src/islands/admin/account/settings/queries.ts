import { useQuery } from "@tanstack/react-query";
import { api, send } from "../../../../shared/api-client.ts";
import { dataOf, useWrite } from "../../app/query.ts";
import type { SettingsValues } from "./schema.ts";

// The site's settings as the server holds them: one read, one write that invalidates it. A save
// is made over the version the form opened, so a save from another tab meanwhile is refused (409)
// rather than silently undone.

export const settingsKey = ["settings"] as const;

/** The settings, saved or the defaults, with when they were saved (null: never). */
export const useSettings = () =>
  useQuery({
    queryKey: [...settingsKey, "site"],
    queryFn: () => dataOf(send(api.admin.settings.$get())),
  });

/** A save of every setting over the version opened (`updatedAt`; null: none was saved yet). */
interface SettingsSave {
  values: SettingsValues;
  updatedAt: string | null;
}

/** `If-Match` with the version opened, or `If-None-Match: *` when none was saved yet. */
export const expectation = (updatedAt: string | null): Record<string, string> =>
  updatedAt ? { "if-match": `"${updatedAt}"` } : { "if-none-match": "*" };

/** Saves the settings; the site is rebuilt with them. */
export const useSaveSettings = () =>
  useWrite(settingsKey, ({ values, updatedAt }: SettingsSave) =>
    dataOf(send(api.admin.settings.$put({ json: values }, { headers: expectation(updatedAt) }))),
  );

import { useMutation, useQuery } from "@tanstack/react-query";
import type { SaveAiSettingsInput } from "../../../../shared/ai-settings.ts";
import { api, send } from "../../../../shared/api-client.ts";
import { dataOf, useWrite } from "../../app/query.ts";

// The AI chat's provider as the server holds it: one read, one write that invalidates it. The
// answer never holds the key, only whether one is stored and its last four characters.

export const aiKey = ["ai-settings"] as const;

/** The provider's settings, what the environment sets, and whether the chat has a model now. */
export const useAiSettings = () =>
  useQuery({
    queryKey: [...aiKey, "provider"],
    queryFn: () => dataOf(send(api.admin.ai.$get())),
  });

/** Saves the provider's settings (`apiKey` left out keeps the stored key, "" removes it). */
export const useSaveAiSettings = () =>
  useWrite(aiKey, (body: SaveAiSettingsInput) => dataOf(send(api.admin.ai.$put({ json: body }))));

/** Asks the provider of these settings (saved or not) for one word: whether it answers. */
export const useTestAiSettings = () =>
  useMutation({
    mutationFn: (body: SaveAiSettingsInput) =>
      dataOf(send(api.admin.ai.test.$post({ json: body }))),
  });

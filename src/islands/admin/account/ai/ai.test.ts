import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Locale, translator } from "../../../../i18n/core.ts";
import {
  AI_LIMITS,
  type AiSettingsRecord,
  saveAiSettingsSchema,
} from "../../../../shared/ai-settings.ts";
import { problemsOf } from "../../app/content/test-support.ts";
import { CallFailure } from "../../app/query.ts";
import { AiSettingsForm } from "./AiSettingsForm.tsx";
import { aiKey } from "./queries.ts";
import {
  AI_FIELDS,
  AI_WORDS,
  type AiFields,
  aiBody,
  aiFields,
  aiInUse,
  aiIssues,
  aiSettingsSchema,
  keyState,
} from "./schema.ts";

const NO_ENV = { baseUrl: "", model: "", embeddingModel: "", hasKey: false };
const never: AiSettingsRecord = {
  baseUrl: "",
  model: "",
  embeddingModel: "",
  hasKey: false,
  keyHint: "",
  keyUnreadable: false,
  canStoreKey: true,
  env: NO_ENV,
  configured: false,
  updatedAt: null,
  lastFailure: null,
};
const saved: AiSettingsRecord = {
  ...never,
  baseUrl: "https://api.deepseek.com/v1",
  model: "deepseek-chat",
  hasKey: true,
  keyHint: "1234",
  configured: true,
  updatedAt: "2026-11-27T01:00:00.000Z",
};

const fields = (changes: Partial<AiFields> = {}): AiFields => ({ ...aiFields(never), ...changes });

describe("the AI settings form", () => {
  it("sends the key only when one is typed, and an empty one to remove the stored key", () => {
    const provider = { baseUrl: "https://api.openai.com/v1", model: "gpt-4o-mini" };
    expect(aiBody(fields(provider))).toEqual({ ...provider, embeddingModel: "" });
    expect(aiBody(fields({ ...provider, apiKey: "   " }))).not.toHaveProperty("apiKey");
    expect(aiBody(fields({ apiKey: "sk-new" }))).toMatchObject({ apiKey: "sk-new" });
    // Removing wins over a key typed meanwhile.
    expect(aiBody(fields({ apiKey: "sk-new", removeKey: true }))).toMatchObject({ apiKey: "" });
    expect(aiBody(fields({ removeKey: true }))).toMatchObject({ apiKey: "" });
  });

  it("submits exactly the server's body, checked by its own schema", () => {
    const body = aiSettingsSchema.parse(
      fields({ baseUrl: " http://127.0.0.1:11434/v1 ", model: " qwen2.5:7b ", apiKey: " sk-1 " }),
    );
    expect(body).toEqual({
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "qwen2.5:7b",
      embeddingModel: "",
      apiKey: "sk-1",
    });
    expect(saveAiSettingsSchema.parse(body)).toEqual(body);
    const kept = aiSettingsSchema.parse(aiFields(saved));
    expect(kept).toEqual({ baseUrl: saved.baseUrl, model: saved.model, embeddingModel: "" });
    expect(saveAiSettingsSchema.parse(kept)).toEqual(kept);
    // The form holds the body's fields (the key always as text) and the choice to remove it.
    const shape = Object.keys(saveAiSettingsSchema.shape).sort();
    expect(Object.keys(aiFields(never)).sort()).toEqual([...shape, "removeKey"].sort());
    expect([...AI_FIELDS].sort()).toEqual(shape);
    for (const field of shape) expect(AI_WORDS[field], field).toBeDefined();
  });

  it("checks with the server's rules, in the form's words", () => {
    expect(problemsOf(aiSettingsSchema, fields())).toEqual({});
    expect(
      problemsOf(
        aiSettingsSchema,
        fields({
          baseUrl: "ftp://example.com/v1",
          model: "gpt 4",
          embeddingModel: "x".repeat(AI_LIMITS.model + 1),
          apiKey: "sk with space",
        }),
      ),
    ).toEqual({
      baseUrl: "bmsAi.problems.baseUrlInvalid",
      model: "bmsAi.problems.modelInvalid",
      embeddingModel: "bmsAi.problems.modelTooLong",
      apiKey: "bmsAi.problems.keyInvalid",
    });
    expect(
      problemsOf(
        aiSettingsSchema,
        fields({
          baseUrl: `https://example.com/${"x".repeat(AI_LIMITS.baseUrl)}`,
          apiKey: "k".repeat(AI_LIMITS.apiKey + 1),
        }),
      ),
    ).toEqual({ baseUrl: "bmsAi.problems.baseUrlTooLong", apiKey: "bmsAi.problems.keyTooLong" });
    expect(problemsOf(aiSettingsSchema, fields({ baseUrl: "not an address" }))).toEqual({
      baseUrl: "bmsAi.problems.baseUrlInvalid",
    });
    // A key typed and then removed is not checked: it is not sent.
    expect(problemsOf(aiSettingsSchema, fields({ apiKey: "a b", removeKey: true }))).toEqual({});
  });

  it("words the limits as the rules have them, in both languages", () => {
    for (const locale of ["en-US", "zh-CN"] as const) {
      const t = translator(locale);
      expect(t("bmsAi.problems.baseUrlTooLong")).toContain(String(AI_LIMITS.baseUrl));
      expect(t("bmsAi.problems.modelTooLong")).toContain(String(AI_LIMITS.model));
      expect(t("bmsAi.problems.keyTooLong")).toContain(String(AI_LIMITS.apiKey));
    }
  });

  it("puts the server's refusals on the fields, keeping the key the server names", () => {
    const refused = new CallFailure(400, "This server has no APP_SECRET to keep a key with", {
      kind: "validation",
      issues: [
        { field: "baseUrl", message: "must be an http or https address" },
        { field: "apiKey", message: "set APP_SECRET", key: "bmsAi.problems.noSecret" },
      ],
    });
    const worded = aiIssues(refused, fields({ baseUrl: "x", apiKey: "sk-1" }));
    expect(worded).toBeInstanceOf(CallFailure);
    expect((worded as CallFailure).issues.map((i) => [i.field, i.key])).toEqual([
      ["baseUrl", "bmsAi.problems.baseUrlInvalid"],
      ["apiKey", "bmsAi.problems.noSecret"],
    ]);
    const offline = new CallFailure(0, "Failed to fetch");
    expect(aiIssues(offline, fields())).toBe(offline);
  });

  it("says what the chat uses: each field saved here, or the environment's", () => {
    const env = {
      baseUrl: "https://api.openai.com/v1",
      model: "gpt-4o-mini",
      embeddingModel: "e",
      hasKey: true,
    };
    expect(aiInUse({ ...never, env })).toEqual({
      baseUrl: env.baseUrl,
      model: env.model,
      embeddingModel: "e",
    });
    expect(aiInUse({ ...saved, env })).toMatchObject({
      baseUrl: saved.baseUrl,
      model: saved.model,
    });
  });

  it("says what is stored of the key, never the key", () => {
    expect(keyState(never)).toEqual({ key: "bmsAi.noKey", warn: false });
    expect(keyState({ ...never, env: { ...NO_ENV, hasKey: true } })).toEqual({
      key: "bmsAi.keyFromEnv",
      warn: false,
    });
    expect(keyState(saved)).toEqual({
      key: "bmsAi.keyStored",
      values: { hint: "1234" },
      warn: false,
    });
    expect(keyState({ ...saved, keyUnreadable: true })).toMatchObject({
      key: "bmsAi.keyUnreadableHint",
      warn: true,
    });
  });

  for (const locale of ["en-US", "zh-CN"] as const) {
    it(`renders as a section with its heading, every field and the stored key's end, in ${locale}`, () => {
      const t = translator(locale);
      const html = render(locale, {
        ...saved,
        env: { baseUrl: "", model: "gpt-4o-mini", embeddingModel: "", hasKey: true },
      });
      expect(html).toMatch(/^<section class="bms-ai" aria-labelledby="[^"]+-title">/);
      expect(html).toContain(`${t("bmsAi.heading")}</h2>`);
      for (const key of [
        "bmsAi.baseUrl",
        "bmsAi.model",
        "bmsAi.embeddingModel",
        "bmsAi.newKey",
        "bmsAi.removeKey",
        "bmsAi.save",
      ] as const) {
        expect(html, key).toContain(t(key));
      }
      expect(html).toContain(t("bmsAi.keyStored", { hint: "1234" }));
      expect(html).toContain(
        t("bmsAi.configured", { model: "deepseek-chat", baseUrl: "https://api.deepseek.com/v1" }),
      );
      expect(html).toContain(t("bmsAi.fromEnv", { value: "gpt-4o-mini", name: "AI_MODEL" }));
      expect(html).toContain('value="https://api.deepseek.com/v1"');
      // The key's field is empty, a new password (never the admin's own filled in), editable.
      const key = html.match(/<input[^>]*name="apiKey"[^>]*>/)?.[0] ?? "";
      expect(key).toContain('type="password"');
      expect(key).toContain('value=""');
      expect(key).toContain('autoComplete="new-password"');
      expect(key).not.toContain("disabled");
    });
  }

  it("disables the key where the server cannot keep one, and warns of one it cannot read", () => {
    const t = translator("en-US");
    const noSecret = render("en-US", { ...never, canStoreKey: false });
    const key = noSecret.match(/<input[^>]*name="apiKey"[^>]*>/)?.[0] ?? "";
    expect(key).toContain('disabled=""');
    expect(noSecret).toContain(escaped(t("bmsAi.noSecret")));
    expect(noSecret).toContain(t("bmsAi.notConfigured"));
    expect(noSecret).toContain(t("bmsAi.noKey"));
    // Nothing stored: nothing to remove.
    expect(noSecret).not.toContain(t("bmsAi.removeKey"));
    const unreadable = render("en-US", { ...saved, keyUnreadable: true });
    expect(unreadable).toContain('class="bms-ai-warning"');
    expect(unreadable).toContain(escaped(t("bmsAi.keyUnreadableHint", { hint: "1234" })));
  });

  it("says it is loading until the settings are read", () => {
    const html = render("zh-CN", null);
    expect(html).toContain("AI 问答</h2>");
    expect(html).toContain(`<p role="status">${translator("zh-CN")("bmsAi.loading")}</p>`);
  });
});

/** A text as React writes it in HTML. */
const escaped = (text: string) => text.replaceAll("'", "&#x27;");

/** The form as the server renders it, with the settings already read (or not yet: null). */
function render(locale: Locale, record: AiSettingsRecord | null): string {
  const client = new QueryClient();
  if (record) client.setQueryData([...aiKey, "provider"], record);
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(AiSettingsForm, { t: translator(locale) }),
    ),
  );
}

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../../i18n/core.ts";
import {
  AI_LIMITS,
  type AiSettingsRecord,
  type SaveAiSettingsInput,
} from "../../../../shared/ai-settings.ts";
import { FormStatus, useStatusLine } from "../../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../../ui/form-fields.tsx";
import { FormCheckField } from "../../app/content/fields.tsx";
import { failedCallText, showServerIssues, withIssueWords } from "../../app/form.tsx";
import { useLeaveGuard } from "../../app/leave-guard.ts";
import { formatTime } from "../../app/time.ts";
import { useAiSettings, useSaveAiSettings, useTestAiSettings } from "./queries.ts";
import {
  AI_FIELDS,
  type AiFields,
  aiFields,
  aiInUse,
  aiIssues,
  aiSettingsSchema,
  keyState,
} from "./schema.ts";
import "../../app/content/content.css";
import "../../app/content/articles.css";
import "./ai.css";

/**
 * The AI chat's provider, for /bms/userSet to place below the site's settings: the address of
 * an OpenAI-compatible API, its model and embedding model, and its key. The key is never shown:
 * the form says whether one is stored (its last four characters), a key typed replaces it on
 * save, and it can be removed. Fields left empty take the environment's, which the form names.
 */
export function AiSettingsForm({ t }: { t: Translate }) {
  const id = useId();
  const settings = useAiSettings();
  return (
    <section className="bms-ai" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t("bmsAi.heading")}</h2>
      <p className="field-hint">{t("bmsAi.intro")}</p>
      {settings.isPending ? (
        <p role="status">{t("bmsAi.loading")}</p>
      ) : settings.isError ? (
        <div role="alert">
          <p>{t("bmsAi.loadFailed")}</p>
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            {t("bmsContent.retry")}
          </button>
        </div>
      ) : (
        <ProviderForm t={t} record={settings.data} />
      )}
    </section>
  );
}

/** The environment's variable behind each field left empty. */
const ENV_NAMES = {
  baseUrl: "AI_BASE_URL",
  model: "AI_MODEL",
  embeddingModel: "AI_EMBEDDING_MODEL",
} as const;

function ProviderForm({ t, record }: { t: Translate; record: AiSettingsRecord }) {
  const id = useId();
  const save = useSaveAiSettings();
  const test = useTestAiSettings();
  const { line, report } = useStatusLine();
  /** The settings as last read or saved: what the form says is stored. */
  const [shown, setShown] = useState(record);
  const form = useForm<AiFields, unknown, SaveAiSettingsInput>({
    resolver: zodResolver(aiSettingsSchema),
    defaultValues: aiFields(record),
  });
  useLeaveGuard(form.formState.isDirty);
  const bind = bindFields(form.control, t, id);
  const busy = form.formState.isSubmitting;
  const removing = form.watch("removeKey");
  // A key typed before choosing to remove the stored one is not kept (nor sent).
  useEffect(() => {
    if (removing) form.setValue("apiKey", "");
  }, [removing, form]);

  const submit = form.handleSubmit(
    async (body) => {
      report(true, t("bmsAi.saving"));
      try {
        const now = await save.mutateAsync(body);
        // The key typed is cleared: the form shows what is stored now, never the key.
        form.reset(aiFields(now));
        setShown(now);
        report(true, t("bmsAi.saved"));
      } catch (error) {
        const issues = withIssueWords(t, aiIssues(error, form.getValues()));
        report(
          false,
          showServerIssues(issues, form.setError, AI_FIELDS)
            ? t("bmsContent.checkFields")
            : failedCallText(t, error),
        );
      }
    },
    () => report(false, t("bmsContent.checkFields")),
  );

  // The values as typed, saved or not: the provider they name answers or says why not.
  const check = form.handleSubmit(
    async (body) => {
      report(true, t("bmsAi.testing"));
      try {
        const result = await test.mutateAsync(body);
        if (result.ok) report(true, t("bmsAi.tested", { ms: result.ms }));
        else report(false, t("bmsAi.testFailed", { reason: result.reason }));
      } catch (error) {
        report(false, failedCallText(t, error));
      }
    },
    () => report(false, t("bmsContent.checkFields")),
  );

  /** A field's hint, with what the environment gives when it is left empty. */
  const hint = (name: keyof typeof ENV_NAMES, words: string) => {
    const value = shown.env[name];
    return value ? `${words} ${t("bmsAi.fromEnv", { value, name: ENV_NAMES[name] })}` : words;
  };

  const inUse = aiInUse(shown);
  const key = keyState(shown);
  const keyField = shown.canStoreKey ? t("bmsAi.keyHint") : t("bmsAi.noSecret");

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="bms-compose bms-ai-form">
      <p className="bms-ai-state" data-configured={shown.configured}>
        {shown.configured
          ? t("bmsAi.configured", { model: inUse.model, baseUrl: inUse.baseUrl })
          : t("bmsAi.notConfigured")}
      </p>
      <p className="field-hint">
        {shown.updatedAt
          ? t("bmsAi.savedAt", { time: formatTime(shown.updatedAt) })
          : t("bmsAi.neverSaved")}
      </p>
      {shown.lastFailure && (
        <p className="bms-ai-warning">
          {t("bmsAi.lastFailure", {
            time: formatTime(shown.lastFailure.at),
            reason: shown.lastFailure.reason,
          })}
        </p>
      )}
      <fieldset className="bms-ai-group">
        <legend>{t("bmsAi.provider")}</legend>
        <FormTextField
          {...bind("baseUrl")}
          label={t("bmsAi.baseUrl")}
          hint={hint("baseUrl", t("bmsAi.baseUrlHint"))}
          maxLength={AI_LIMITS.baseUrl + 20}
          inputMode="url"
          autoComplete="off"
        />
        <FormTextField
          {...bind("model")}
          label={t("bmsAi.model")}
          hint={hint("model", t("bmsAi.modelHint"))}
          maxLength={AI_LIMITS.model + 20}
          autoComplete="off"
        />
        <FormTextField
          {...bind("embeddingModel")}
          label={t("bmsAi.embeddingModel")}
          hint={hint("embeddingModel", t("bmsAi.embeddingModelHint"))}
          maxLength={AI_LIMITS.model + 20}
          autoComplete="off"
        />
      </fieldset>
      <fieldset className="bms-ai-group" aria-describedby={`${id}-key-state`}>
        <legend>{t("bmsAi.key")}</legend>
        <p id={`${id}-key-state`} className={key.warn ? "bms-ai-warning" : "bms-ai-key-state"}>
          {t(key.key, key.values)}
        </p>
        <FormTextField
          {...bind("apiKey")}
          label={t("bmsAi.newKey")}
          type="password"
          hint={keyField}
          maxLength={AI_LIMITS.apiKey + 20}
          // Never the admin's own password: browsers fill that into a lone password field.
          autoComplete="new-password"
          disabled={!shown.canStoreKey || removing}
        />
        {shown.hasKey && <FormCheckField {...bind("removeKey")} label={t("bmsAi.removeKey")} />}
      </fieldset>
      <FormStatus
        note={busy && !test.isPending ? t("bmsAi.saving") : line.note}
        failure={line.failure}
      />
      <div className="bms-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("bmsAi.save")}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || test.isPending}
          onClick={() => void check()}
        >
          {t("bmsAi.test")}
        </button>
      </div>
    </form>
  );
}

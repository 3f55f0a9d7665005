import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { USER_ROLES } from "../../../shared/auth-rules.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { FormTextField, showServerIssues } from "../app/form.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { useCreateUser } from "./queries.ts";
import { NEW_USER_FIELDS, type NewUser, type NewUserFields, newUserSchema } from "./schema.ts";

const EMPTY: NewUserFields = { email: "", userName: "", password: "", role: "user" };

/** Adds an account: the server's schema checks it here first, the server again on arrival. */
export function AddUserForm({ t, onAdded }: { t: Translate; onAdded: (name: string) => void }) {
  const id = useId();
  const create = useCreateUser();
  const [failure, setFailure] = useState("");
  const form = useForm<NewUserFields, unknown, NewUser>({
    resolver: zodResolver(newUserSchema),
    defaultValues: EMPTY,
  });
  useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async (user) => {
    setFailure("");
    try {
      await create.mutateAsync(user);
      form.reset(EMPTY);
      onAdded(user.userName);
    } catch (error) {
      if (!showServerIssues(error, form.setError, NEW_USER_FIELDS)) {
        setFailure(t("users.failed", { message: error instanceof Error ? error.message : "" }));
      }
    }
  });

  return (
    <form
      className="bms-add auth-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("users.create")}</h2>
      <FormTextField
        control={form.control}
        t={t}
        id={`${id}-email`}
        name="email"
        type="email"
        label={t("auth.email")}
        maxLength={254}
      />
      <FormTextField
        control={form.control}
        t={t}
        id={`${id}-name`}
        name="userName"
        label={t("auth.userName")}
        maxLength={10}
      />
      <FormTextField
        control={form.control}
        t={t}
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("auth.password")}
        hint={t("auth.passwordHint")}
        maxLength={16}
      />
      <div className="field">
        <label htmlFor={`${id}-role`} className="field-label">
          {t("users.role")}
        </label>
        <select id={`${id}-role`} {...form.register("role")}>
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`users.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <FormStatus note="" failure={failure} />
      <button
        type="submit"
        className="button button-primary"
        disabled={form.formState.isSubmitting}
      >
        {t("users.createButton")}
      </button>
    </form>
  );
}

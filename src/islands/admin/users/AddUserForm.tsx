import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { USER_ROLES } from "../../../shared/auth-rules.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { bindFields, FormTextField } from "../../ui/form-fields.tsx";
import { choices } from "../app/fields.tsx";
import { FormSelectField, failedCallText, showServerIssues } from "../app/form.tsx";
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
  const bind = bindFields(form.control, t, id);

  const submit = form.handleSubmit(async (user) => {
    setFailure("");
    try {
      await create.mutateAsync(user);
      form.reset(EMPTY);
      onAdded(user.userName);
    } catch (error) {
      if (!showServerIssues(error, form.setError, NEW_USER_FIELDS)) {
        setFailure(failedCallText(t, error, "users.failed"));
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
      <FormTextField {...bind("email")} type="email" label={t("auth.email")} maxLength={254} />
      <FormTextField {...bind("userName")} label={t("auth.userName")} maxLength={10} />
      <FormTextField
        {...bind("password")}
        type="password"
        autoComplete="new-password"
        label={t("auth.password")}
        hint={t("auth.passwordHint")}
        maxLength={16}
      />
      <FormSelectField
        {...bind("role")}
        label={t("users.role")}
        choices={choices(USER_ROLES, (r) => t(`users.roles.${r}`))}
      />
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

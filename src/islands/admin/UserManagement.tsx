import { type SubmitEvent, useId, useState } from "react";
import type { Translate } from "../../i18n/core.ts";
import { api } from "../../shared/api-client.ts";
import type { UserRecord } from "../../shared/auth.ts";
import {
  checkEmail,
  checkPassword,
  checkUserName,
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from "../../shared/auth-rules.ts";
import { seal } from "../auth/account-api.ts";
import { FormStatus } from "../ui/FormStatus.tsx";
import { TextField } from "../ui/TextField.tsx";
import { FilterSelect, Pager, usePagedList } from "./paged.tsx";

const PAGE_SIZE = 20;

/** Registered accounts: search, filter, change role or status, delete, add (the API checks every call). */
export function UserManagement({ t }: { t: Translate }) {
  const id = useId();
  const [q, setQ] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const { page, setPage, load, pages, reload } = usePagedList<UserRecord>(
    "/getAllUsers",
    { q, role, status },
    PAGE_SIZE,
    200,
  );

  async function done(promise: Promise<{ success: boolean; message: string }>, ok: string) {
    setNote("");
    setFailure("");
    const result = await promise.catch((e: unknown) => ({ success: false, message: String(e) }));
    if (result.success) {
      setNote(ok);
      reload();
    } else setFailure(t("users.failed", { message: result.message }));
    return result.success;
  }

  const update = (user: UserRecord, changes: { role?: UserRole; status?: UserStatus }) =>
    done(api.put(`/updateUsers/${user._id}`, changes), t("users.updated", { name: user.userName }));

  function remove(user: UserRecord) {
    if (!window.confirm(t("users.confirmDelete", { name: user.userName }))) return;
    void done(
      api.post("/deleteUsers", { ids: [user._id] }),
      t("users.deleted", { name: user.userName }),
    );
  }

  return (
    <div className="bms-users">
      <search className="bms-filters">
        <label htmlFor={`${id}-q`} className="visually-hidden">
          {t("users.search")}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          className="field-input bms-search"
          placeholder={t("users.search")}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <FilterSelect
          id={`${id}-role`}
          label={t("users.role")}
          any={t("users.any")}
          value={role}
          options={USER_ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) }))}
          onChange={(v) => {
            setRole(v);
            setPage(1);
          }}
        />
        <FilterSelect
          id={`${id}-status`}
          label={t("users.status")}
          any={t("users.any")}
          value={status}
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </search>
      <FormStatus
        note={load.state === "loading" ? t("users.loading") : note}
        failure={load.state === "failed" ? t("feedbackCenter.failed") : failure}
      />
      {load.state === "ready" && load.page.items.length === 0 && <p>{t("users.empty")}</p>}
      {load.state === "ready" && load.page.items.length > 0 && (
        <div className="bms-table-wrap">
          <table className="bms-table">
            <caption className="visually-hidden">
              {t("users.caption", { total: load.page.total })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t("users.name")}</th>
                <th scope="col">{t("users.email")}</th>
                <th scope="col">{t("users.role")}</th>
                <th scope="col">{t("users.status")}</th>
                <th scope="col">{t("users.created")}</th>
                <th scope="col">{t("users.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {load.page.items.map((user) => (
                <tr key={user._id}>
                  <th scope="row">{user.userName}</th>
                  <td>{user.email}</td>
                  <td>
                    <select
                      aria-label={t("users.changeRole", { name: user.userName })}
                      value={user.role}
                      onChange={(e) =>
                        void update(user, {
                          role: USER_ROLES.find((r) => r === e.target.value) ?? "user",
                        })
                      }
                    >
                      {USER_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`users.roles.${r}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      aria-label={t("users.changeStatus", { name: user.userName })}
                      value={user.status}
                      onChange={(e) =>
                        void update(user, {
                          status: USER_STATUSES.find((s) => s === e.target.value) ?? "active",
                        })
                      }
                    >
                      {USER_STATUSES.map((s) => (
                        <option key={s} value={s}>
                          {t(`users.statuses.${s}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <time dateTime={user.createdAt}>{user.createdAt.slice(0, 10)}</time>
                  </td>
                  <td>
                    <button type="button" className="button" onClick={() => remove(user)}>
                      {t("users.delete")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {load.state === "ready" && (
        <Pager t={t} page={page} pages={pages} total={load.page.total} onPage={setPage} />
      )}
      <AddUser
        t={t}
        onAdded={(name) =>
          done(Promise.resolve({ success: true, message: "" }), t("users.created_", { name }))
        }
      />
    </div>
  );
}

function AddUser({ t, onAdded }: { t: Translate; onAdded: (name: string) => void }) {
  const id = useId();
  const [values, setValues] = useState({ email: "", userName: "", password: "" });
  const [role, setRole] = useState<UserRole>("user");
  const [failure, setFailure] = useState("");
  const problems = {
    email: checkEmail(values.email),
    userName: checkUserName(values.userName),
    password: checkPassword(values.password),
  };
  const [shown, setShown] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setShown(true);
    setFailure("");
    if (problems.email || problems.userName || problems.password) return;
    const result = await api
      .post("/createUser", {
        email: values.email.trim(),
        userName: values.userName.trim(),
        password: await seal(values.password),
        role,
      })
      .catch(() => null);
    if (result?.success) {
      onAdded(values.userName.trim());
      setValues({ email: "", userName: "", password: "" });
      setShown(false);
    } else setFailure(t("users.failed", { message: result?.message ?? "" }));
  }

  const error = (key: keyof typeof problems) =>
    shown && problems[key] ? t(problems[key]) : undefined;
  return (
    <form
      className="bms-add auth-form"
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{t("users.create")}</h2>
      <TextField
        id={`${id}-email`}
        name="email"
        type="email"
        label={t("auth.email")}
        value={values.email}
        onChange={(email) => setValues({ ...values, email })}
        maxLength={254}
        error={error("email")}
      />
      <TextField
        id={`${id}-name`}
        name="userName"
        label={t("auth.userName")}
        value={values.userName}
        onChange={(userName) => setValues({ ...values, userName })}
        maxLength={10}
        error={error("userName")}
      />
      <TextField
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="new-password"
        label={t("auth.password")}
        hint={t("auth.passwordHint")}
        value={values.password}
        onChange={(password) => setValues({ ...values, password })}
        maxLength={16}
        error={error("password")}
      />
      <div className="field">
        <label htmlFor={`${id}-role`} className="field-label">
          {t("users.role")}
        </label>
        <select
          id={`${id}-role`}
          value={role}
          onChange={(e) => setRole(USER_ROLES.find((r) => r === e.target.value) ?? "user")}
        >
          {USER_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`users.roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <FormStatus note="" failure={failure} />
      <button type="submit" className="button button-primary">
        {t("users.createButton")}
      </button>
    </form>
  );
}

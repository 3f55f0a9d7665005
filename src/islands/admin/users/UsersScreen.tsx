import { useId, useState } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { UserRecord } from "../../../shared/auth.ts";
import {
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from "../../../shared/auth-rules.ts";
import { FormStatus } from "../../ui/FormStatus.tsx";
import { useSettled } from "../app/query.ts";
import { FilterSelect, Pager } from "../paged.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { AddUserForm } from "./AddUserForm.tsx";
import { PAGE_SIZE, useDeleteUser, useUpdateUser, useUserPage } from "./queries.ts";

/** Registered accounts: search, filter, change role or status, delete, add (the API checks every call). */
export function UsersScreen({ t }: ScreenProps) {
  const id = useId();
  const [q, setQ] = useState("");
  const [role, setRole] = useState("");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  const [note, setNote] = useState("");
  const [failure, setFailure] = useState("");
  const list = useUserPage({ q: useSettled(q, 200), role, status, page });
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const shown = list.data;
  const pages = shown ? Math.max(1, Math.ceil(shown.total / PAGE_SIZE)) : 1;

  async function done(write: Promise<unknown>, ok: string) {
    setNote("");
    setFailure("");
    try {
      await write;
      setNote(ok);
    } catch (error) {
      setFailure(t("users.failed", { message: error instanceof Error ? error.message : "" }));
    }
  }

  const change = (user: UserRecord, changes: { role?: UserRole; status?: UserStatus }) =>
    done(
      update.mutateAsync({ id: user._id, changes }),
      t("users.updated", { name: user.userName }),
    );

  function askToDelete(user: UserRecord) {
    if (!window.confirm(t("users.confirmDelete", { name: user.userName }))) return;
    void done(remove.mutateAsync(user._id), t("users.deleted", { name: user.userName }));
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
        note={list.isFetching ? t("users.loading") : note}
        failure={list.isError ? t("feedbackCenter.failed") : failure}
      />
      {shown && shown.items.length === 0 && <p>{t("users.empty")}</p>}
      {shown && shown.items.length > 0 && (
        <UserTable
          t={t}
          users={shown.items}
          total={shown.total}
          onChange={change}
          onDelete={askToDelete}
        />
      )}
      {shown && <Pager t={t} page={page} pages={pages} total={shown.total} onPage={setPage} />}
      <AddUserForm t={t} onAdded={(name) => setNote(t("users.created_", { name }))} />
    </div>
  );
}

interface TableProps {
  t: Translate;
  users: UserRecord[];
  total: number;
  onChange: (user: UserRecord, changes: { role?: UserRole; status?: UserStatus }) => void;
  onDelete: (user: UserRecord) => void;
}

function UserTable({ t, users, total, onChange, onDelete }: TableProps) {
  return (
    <div className="bms-table-wrap">
      <table className="bms-table">
        <caption className="visually-hidden">{t("users.caption", { total })}</caption>
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
          {users.map((user) => (
            <tr key={user._id}>
              <th scope="row">{user.userName}</th>
              <td>{user.email}</td>
              <td>
                <select
                  aria-label={t("users.changeRole", { name: user.userName })}
                  value={user.role}
                  onChange={(e) =>
                    onChange(user, { role: USER_ROLES.find((r) => r === e.target.value) ?? "user" })
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
                    onChange(user, {
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
                <button type="button" className="button" onClick={() => onDelete(user)}>
                  {t("users.delete")}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

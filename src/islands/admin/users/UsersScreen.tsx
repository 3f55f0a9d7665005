import { useId } from "react";
import type { Translate } from "../../../i18n/core.ts";
import type { Page, UserRecord, UserSort } from "../../../shared/auth.ts";
import {
  USER_ROLES,
  USER_STATUSES,
  type UserRole,
  type UserStatus,
} from "../../../shared/auth-rules.ts";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { type Choice, choices, Options } from "../app/fields.tsx";
import { failedCallText } from "../app/form.tsx";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { FilterSelects, SearchField, useFilters } from "../app/list-parts.tsx";
import { succeeded, useSettled } from "../app/query.ts";
import type { ScreenProps } from "../screen-props.ts";
import { AddUserForm } from "./AddUserForm.tsx";
import { useDeleteUser, useUpdateUser, useUserPage } from "./queries.ts";
import "./users.css";

type Changes = { role?: UserRole; status?: UserStatus };

/** Registered accounts: search, filter, change role or status, delete, add (the API checks every call). */
export function UsersScreen({ t }: ScreenProps) {
  const id = useId();
  const state = useListState(true);
  const { filters, change } = useFilters(
    { q: "", role: "", status: "", sort: "" },
    state.setPage,
    true,
  );
  const list = useUserPage({ ...filters, q: useSettled(filters.q, 200) }, state.page);
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const roles = choices(USER_ROLES, (r) => t(`users.roles.${r}`));
  const statuses = choices(USER_STATUSES, (s) => t(`users.statuses.${s}`));

  async function done(write: Promise<unknown>, ok: string) {
    state.report(true, "");
    const failed = (error: unknown) =>
      state.report(false, failedCallText(t, error, "users.failed"));
    if (await succeeded(write, failed)) state.report(true, ok);
  }

  const onChange = (user: UserRecord, changes: Changes) =>
    done(
      update.mutateAsync({ id: user._id, changes }),
      t("users.updated", { name: user.userName }),
    );

  async function onDelete(user: UserRecord): Promise<boolean> {
    state.report(true, "");
    const failed = (error: unknown) =>
      state.report(false, failedCallText(t, error, "users.failed"));
    const deleted = await succeeded(remove.mutateAsync(user._id), failed);
    if (deleted) state.report(true, t("users.deleted", { name: user.userName }));
    return deleted;
  }

  return (
    <div className="bms-users">
      <ListSection
        t={t}
        words={{
          loading: t("users.loading"),
          failed: t("users.loadFailed"),
          empty: t("users.empty"),
        }}
        query={list}
        state={state}
        filters={
          <search className="bms-filters">
            <SearchField
              id={`${id}-q`}
              label={t("users.search")}
              value={filters.q}
              onChange={(q) => change("q", q)}
            />
            <FilterSelects
              id={id}
              any={t("users.any")}
              values={filters}
              onChange={change}
              fields={[
                { name: "role", label: t("users.role"), options: roles },
                { name: "status", label: t("users.status"), options: statuses },
              ]}
            />
          </search>
        }
        items={(page) => (
          <UserTable
            t={t}
            page={page}
            options={{ roles, statuses }}
            sort={filters.sort || "created"}
            onSort={(sort) => change("sort", sort === "created" ? "" : sort)}
            onChange={onChange}
            onDelete={onDelete}
          />
        )}
      />
      <AddUserForm t={t} onAdded={(name) => state.report(true, t("users.created_", { name }))} />
    </div>
  );
}

interface TableProps {
  t: Translate;
  page: Page<UserRecord>;
  /** The role and status selects' choices. */
  options: { roles: Choice[]; statuses: Choice[] };
  /** The order shown, and a change of it (a column heading's button). */
  sort: string;
  onSort: (sort: UserSort) => void;
  onChange: (user: UserRecord, changes: Changes) => void;
  /** Deletes after the back office's own confirm step; false when it failed (said above). */
  onDelete: (user: UserRecord) => Promise<boolean>;
}

/**
 * A column heading that sorts the table by it: a button, and `aria-sort` on the one sorted by
 * (names and emails A to Z, accounts newest first).
 */
function SortHeading({
  label,
  by,
  sort,
  onSort,
}: {
  label: string;
  by: UserSort;
  sort: string;
  onSort: (sort: UserSort) => void;
}) {
  const sorted = sort === by ? (by === "created" ? "descending" : "ascending") : undefined;
  return (
    <th scope="col" aria-sort={sorted}>
      <button type="button" className="bms-sort" onClick={() => onSort(by)}>
        {label}
        <span aria-hidden="true">{sorted === "descending" ? " ↓" : sorted ? " ↑" : ""}</span>
      </button>
    </th>
  );
}

/**
 * The users as a table (on a phone, each row a card with its labels, `users.css`), sortable by
 * name, email and creation.
 */
function UserTable({ t, page, options, sort, onSort, onChange, onDelete }: TableProps) {
  return (
    <div className="bms-table-wrap">
      <table className="bms-table bms-user-table">
        <caption className="visually-hidden">{t("users.caption", { total: page.total })}</caption>
        <thead>
          <tr data-sort-label={t("users.sortBy")}>
            <SortHeading label={t("users.name")} by="name" sort={sort} onSort={onSort} />
            <SortHeading label={t("users.email")} by="email" sort={sort} onSort={onSort} />
            <th scope="col">{t("users.role")}</th>
            <th scope="col">{t("users.status")}</th>
            <SortHeading label={t("users.created")} by="created" sort={sort} onSort={onSort} />
            <th scope="col">{t("users.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {page.items.map((user) => (
            <tr key={user._id}>
              <th scope="row">{user.userName}</th>
              <td data-label={t("users.email")}>{user.email}</td>
              <td data-label={t("users.role")}>
                <select
                  className="field-input"
                  aria-label={t("users.changeRole", { name: user.userName })}
                  value={user.role}
                  onChange={(e) =>
                    onChange(user, { role: USER_ROLES.find((r) => r === e.target.value) ?? "user" })
                  }
                >
                  <Options choices={options.roles} />
                </select>
              </td>
              <td data-label={t("users.status")}>
                <select
                  className="field-input"
                  aria-label={t("users.changeStatus", { name: user.userName })}
                  value={user.status}
                  onChange={(e) =>
                    onChange(user, {
                      status: USER_STATUSES.find((s) => s === e.target.value) ?? "active",
                    })
                  }
                >
                  <Options choices={options.statuses} />
                </select>
              </td>
              <td data-label={t("users.created")}>
                <time dateTime={user.createdAt}>{user.createdAt.slice(0, 10)}</time>
              </td>
              <td data-label={t("users.actions")}>
                <DeleteControl
                  t={t}
                  question={t("users.confirmDelete", { name: user.userName })}
                  onDelete={() => onDelete(user)}
                  labels={{ action: t("users.delete"), confirm: t("bmsNotes.confirmDelete") }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useStore } from "@nanostores/react";
import { type CSSProperties, type ReactNode, useId, useRef } from "react";
import type { Translate } from "../../../i18n/core.ts";
import {
  isExternalNavUrl,
  type NavCheckResult,
  type NavGroupRecord,
  type NavLinkRecord,
  navHue,
  navInitial,
} from "../../../shared/content.ts";
import { $locale } from "../../../stores/locale.ts";
import { ItemActions, useInlineEdit } from "../app/content/ItemActions.tsx";
import { FlagItemTools } from "../app/FlagItemTools.tsx";
import { failureText } from "../app/form.tsx";
import type { ListState } from "../app/ListSection.tsx";
import { type Ordering, SortableList, SortableRow, useOrderedList } from "../app/ordering.tsx";
import { succeeded } from "../app/query.ts";
import { checkText, groupName, linkName } from "./facts.ts";
import { GroupForm, LinkForm } from "./NavForms.tsx";
import {
  useDeleteGroup,
  useDeleteLink,
  useOrderLinks,
  useRefreshNav,
  useUpdateLink,
} from "./queries.ts";

interface GroupProps {
  t: Translate;
  group: NavGroupRecord;
  /** The database's groups (where a link may move). */
  groups: readonly NavGroupRecord[];
  state: ListState;
  /** The link whose edit form opens at once (`?id=`). */
  opened: string | null;
  results: ReadonlyMap<string, NavCheckResult>;
  /** Whether this group's add-a-link form is open, and how to open or close it. */
  adding: boolean;
  setAdding: (on: boolean) => void;
  /** The database's groups move; a file's stay first. */
  order: Ordering | undefined;
}

/** One group: its name and tools, its links in their order, and a form to add one. */
export function NavGroupItem(props: GroupProps) {
  const { t, group, order } = props;
  const locale = useStore($locale);
  const id = useId();
  const nameId = `${id}-name`;
  const body = (
    <>
      <GroupHead {...props} nameId={nameId} />
      <LinkRows {...props} />
    </>
  );
  return order ? (
    <SortableRow
      t={t}
      id={group.id}
      order={order}
      name={groupName(group, locale)}
      nameId={nameId}
      className="bms-item bms-nav-group"
    >
      {body}
    </SortableRow>
  ) : (
    <li className="bms-item bms-nav-group">
      {body}
      <p className="bms-file">{t("bmsNav.inFile", { file: group.file ?? "" })}</p>
    </li>
  );
}

/** A group's name in both languages, its count, and (the database's) rename and delete. */
function GroupHead({ t, group, state, nameId }: GroupProps & { nameId: string }) {
  const locale = useStore($locale);
  const name = groupName(group, locale);
  const other = locale === "zh-CN" ? group.name["en-US"] : group.name["zh-CN"];
  const { editing, editButton, open, close, saved } = useInlineEdit<true>((message) =>
    state.report(true, message),
  );
  const remove = useDeleteGroup();
  return (
    <div className="bms-nav-group-head">
      <h3 id={nameId}>
        {name}
        {other && other !== name && (
          <span className="bms-nav-other" lang={locale === "zh-CN" ? "en-US" : "zh-CN"}>
            {other}
          </span>
        )}
      </h3>
      <p className="bms-facts-line">{t("bmsNav.linkCount", { count: group.links.length })}</p>
      {!group.readOnly &&
        (editing ? (
          <GroupForm
            t={t}
            editing={group}
            onSaved={(saved_) => saved(t("bmsNav.groupSaved", { name: saved_ }))}
            onCancel={close}
          />
        ) : (
          <ItemActions
            t={t}
            describedBy={nameId}
            editLabel={t("bmsNav.editGroup")}
            editRef={editButton}
            onEdit={() => open(true)}
            question={t("bmsNav.askDeleteGroup", { name, count: group.links.length })}
            onDelete={() =>
              succeeded(
                remove
                  .mutateAsync(group.id)
                  .then(() => state.deleted(t("bmsNav.groupDeleted", { name }))),
                (error) => state.report(false, failureText(t, error)),
              )
            }
          />
        ))}
    </div>
  );
}

/** A group's links: a file's as written, the database's sortable among themselves. */
function LinkRows(props: GroupProps) {
  const { t, group, groups, state, opened, results, adding, setAdding } = props;
  const locale = useStore($locale);
  const order = useOrderLinks(group.id);
  const refresh = useRefreshNav();
  const list = useOrderedList({
    t,
    rows: group.readOnly ? [] : group.links,
    save: order.mutateAsync,
    refresh,
    name: (link) => linkName(link, locale),
    report: state.report,
  });
  const addButton = useRef<HTMLButtonElement>(null);
  const closeAdd = () => {
    setAdding(false);
    addButton.current?.focus();
  };

  const item = (link: NavLinkRecord, index?: number) => (
    <NavLinkItem
      key={link.id}
      t={t}
      link={link}
      group={group}
      groups={groups}
      state={state}
      opened={opened === link.id}
      result={results.get(link.id)}
      order={index === undefined ? undefined : list.orderingOf(index)}
    />
  );

  return (
    <>
      {group.links.length === 0 ? (
        <p className="field-hint">{t("bmsNav.noLinks")}</p>
      ) : (
        <SortableList
          list={list}
          className="bms-nav-links"
          before={group.readOnly ? group.links.map((link) => item(link)) : null}
        >
          {list.shown.map((link, index) => item(link, index))}
        </SortableList>
      )}
      {!group.readOnly &&
        (adding ? (
          <LinkForm
            t={t}
            group={group}
            groups={groups}
            onSaved={(name) => {
              closeAdd();
              state.report(true, t("bmsNav.linkAdded", { name }));
            }}
            onCancel={closeAdd}
          />
        ) : (
          <div className="bms-actions">
            <button
              ref={addButton}
              type="button"
              className="button"
              onClick={() => setAdding(true)}
            >
              {t("bmsNav.addLinkTo", { name: groupName(group, locale) })}
            </button>
          </div>
        ))}
    </>
  );
}

interface LinkProps {
  t: Translate;
  link: NavLinkRecord;
  group: NavGroupRecord;
  groups: readonly NavGroupRecord[];
  state: ListState;
  opened: boolean;
  result: NavCheckResult | undefined;
  order: Ordering | undefined;
}

/** One link: its icon, title, address, description and state; the database's with its tools. */
function NavLinkItem(props: LinkProps) {
  const { t, link, order } = props;
  const locale = useStore($locale);
  const id = useId();
  const nameId = `${id}-name`;
  const card = <LinkCard {...props} nameId={nameId} />;
  if (!order) return <li className="bms-nav-link">{card}</li>;
  return (
    <SortableRow
      t={t}
      id={link.id}
      order={order}
      name={linkName(link, locale)}
      nameId={nameId}
      className="bms-nav-link"
    >
      {card}
      <LinkTools {...props} nameId={nameId} />
    </SortableRow>
  );
}

function LinkCard({ t, link, result, nameId }: LinkProps & { nameId: string }) {
  const locale = useStore($locale);
  const name = linkName(link, locale);
  const description = link.description[locale] || link.description["zh-CN"];
  const facts: ReactNode[] = [];
  if (link.hidden) facts.push(t("bmsNav.hiddenBadge"));
  if (isExternalNavUrl(link.url)) facts.push(t("bmsNav.external"));
  return (
    <div className="bms-nav-link-card">
      {link.icon ? (
        <img
          className="bms-nav-icon"
          src={link.icon}
          alt=""
          width={40}
          height={40}
          decoding="async"
        />
      ) : (
        <span
          className="bms-nav-icon bms-nav-initial"
          style={{ "--hue": navHue(link.title["en-US"]) } as CSSProperties}
          aria-hidden="true"
        >
          {navInitial(name, locale)}
        </span>
      )}
      <div className="bms-nav-link-words">
        <h4 id={nameId}>{name}</h4>
        <p className="bms-nav-url">{link.url}</p>
        {description && <p className="bms-nav-description">{description}</p>}
        <ul className="bms-facts">
          {facts.map((fact) => (
            <li key={String(fact)}>
              <span className="bms-badge">{fact}</span>
            </li>
          ))}
          {result && (
            <li>
              <span className="bms-badge" data-outcome={result.outcome}>
                {checkText(t, result)}
              </span>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}

/** Edit in place, hide or show, and delete (with a confirm step). */
function LinkTools({
  t,
  link,
  group,
  groups,
  state,
  opened,
  nameId,
}: LinkProps & { nameId: string }) {
  const locale = useStore($locale);
  const name = linkName(link, locale);
  const update = useUpdateLink();
  const remove = useDeleteLink();
  return (
    <FlagItemTools
      t={t}
      nameId={nameId}
      state={state}
      opened={opened}
      editLabel={t("bmsNav.edit")}
      form={({ saved, cancel }) => (
        <LinkForm
          t={t}
          group={group}
          groups={groups}
          editing={link}
          onSaved={(title) => saved(t("bmsNav.linkSaved", { name: title }))}
          onCancel={cancel}
        />
      )}
      flag={link.hidden}
      words={{
        turnOff: t("bmsNav.show"),
        turnOn: t("bmsNav.hide"),
        turnedOff: t("bmsNav.shownNow", { name }),
        turnedOn: t("bmsNav.hiddenNow", { name }),
      }}
      setFlag={(hidden) => update.mutateAsync({ id: link.id, values: { hidden } })}
      setting={update.isPending}
      question={t("bmsNav.askDeleteLink", { name })}
      remove={() => remove.mutateAsync(link.id)}
      deleted={t("bmsNav.linkDeleted", { name })}
    />
  );
}

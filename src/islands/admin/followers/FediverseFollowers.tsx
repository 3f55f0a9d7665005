import type { Translate } from "../../../i18n/core.ts";
import type { FediverseFollowerItem } from "../../../shared/following.ts";
import { ListSection, useListState } from "../app/ListSection.tsx";
import { formatTime } from "../app/time.ts";
import { useFediverseFollowersPage } from "./queries.ts";

/** The fediverse accounts that follow the blog: name, handle and profile, since when. */
export function FediverseFollowers({ t }: { t: Translate }) {
  const state = useListState();
  const list = useFediverseFollowersPage(state.page);
  return (
    <ListSection
      t={t}
      words={{
        title: t("bmsFollowers.fediverse"),
        total: (total) => t("bmsFollowers.fediverseCount", { count: total, n: total }),
        loading: t("bmsFollowers.loadingFediverse"),
        failed: t("bmsFollowers.failedFediverse"),
        empty: t("bmsFollowers.noFediverse"),
      }}
      query={list}
      state={state}
      pagerIfMany
      item={(follower) => <FollowerRow key={follower.id} t={t} follower={follower} />}
    />
  );
}

function FollowerRow({ t, follower }: { t: Translate; follower: FediverseFollowerItem }) {
  const name = follower.name || follower.handle;
  return (
    <li className="bms-item">
      <div className="bms-item-head">
        <h3>
          {follower.url ? (
            <a href={follower.url} rel="ugc nofollow noopener">
              {name}
            </a>
          ) : (
            name
          )}
        </h3>
      </div>
      <p className="bms-meta">
        <span className="bms-handle">{follower.handle}</span> ·{" "}
        <time dateTime={follower.since}>
          {t("bmsFollowers.since", { time: formatTime(follower.since) })}
        </time>
      </p>
    </li>
  );
}

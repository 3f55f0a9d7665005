import { createMiddleware } from "hono/factory";
import type { Locale } from "../../i18n/core.ts";
import { libraryImageId } from "../../shared/kinds/photo.ts";
import {
  type SaveSettingsInput,
  SETTINGS_ID,
  type SettingsRecord,
  type SiteSettings,
  settingsFrom,
} from "../../shared/kinds/settings.ts";
import type { Publisher } from "../content/publisher.ts";
import { changedElsewhere, invalid } from "../content/service/shared.ts";
import type { Db } from "../db/client.ts";
import type { AppEnv } from "../http/context.ts";
import { ApiError } from "../http/errors.ts";
import type { SaveExpectation } from "../http/preconditions.ts";
import { mediaExists } from "../media/service.ts";
import { findSettings, type SettingsRow, saveSettings as saveRow } from "./settings-repository.ts";

// The site's settings (src/shared/kinds/settings.ts): read and saved by the back office, read by
// the build through the snapshot, and enforced here: registration and feedback, when closed, are
// refused whatever page a visitor still has open.

const settingsOf = (row: SettingsRow | null): SiteSettings => settingsFrom(row?.value);

const recordOf = (row: SettingsRow | null): SettingsRecord => ({
  id: SETTINGS_ID,
  ...settingsOf(row),
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/** The settings as saved, or the defaults, with when they were saved (null: never). */
export async function getSettings(db: Db): Promise<SettingsRecord> {
  return recordOf(await findSettings(db));
}

/** What the settings say now (the defaults before any save). */
export async function currentSettings(db: Db): Promise<SiteSettings> {
  return settingsOf(await findSettings(db));
}

/** The site's name in `locale` as the settings say now: what mails call the site. */
export async function siteNameIn(db: Db, locale: Locale): Promise<string> {
  return (await currentSettings(db)).title[locale];
}

export interface SettingsContext {
  db: Db;
  publisher: Publisher;
  actor: string | null;
}

/**
 * Saves every setting over the version the form opened (`expected`): saved elsewhere since, it
 * is refused (409, with when) and nothing changes. The avatar must be an image still in the
 * library. The site is rebuilt with them.
 */
export async function saveSettings(
  ctx: SettingsContext,
  input: SaveSettingsInput,
  expected: SaveExpectation,
): Promise<SettingsRecord> {
  const avatar = libraryImageId(input.authorAvatar);
  if (avatar && !(await mediaExists(ctx.db, avatar))) {
    throw invalid(
      "authorAvatar",
      `no image ${avatar} in the media library`,
      "bmsSettings.problems.avatarMissing",
    );
  }
  const since = expected && expected !== "none" ? new Date(expected.updatedAt) : expected;
  const row = await saveRow(ctx.db, { value: input, updatedBy: ctx.actor }, since);
  if (!row) {
    const now = await findSettings(ctx.db);
    throw changedElsewhere("settings", now?.updatedAt ?? new Date());
  }
  ctx.publisher.contentChanged({ action: "settings.update" });
  return recordOf(row);
}

/** What a visitor may do only while the settings allow it. */
const GATES = {
  registrationOpen: {
    message: "Registration is closed",
    issue: "registration is closed",
    key: "siteSettings.registrationClosed",
  },
  feedbackOpen: {
    message: "Feedback is closed",
    issue: "feedback is closed",
    key: "siteSettings.feedbackClosed",
  },
} as const;

/**
 * Refuses the route with 403 while the settings close it (`registrationOpen`, `feedbackOpen`):
 * before its body is read or its rate limit counted. The pages hide what is closed; this holds
 * for a page built before the change, and for any other client.
 */
export const whileOpen = (gate: keyof typeof GATES) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const settings = await currentSettings(c.var.db);
    if (!settings[gate]) {
      const { message, issue, key } = GATES[gate];
      throw new ApiError(403, "forbidden", message, {
        issues: [{ field: "(body)", message: issue, key }],
      });
    }
    await next();
  });

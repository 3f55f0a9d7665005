import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { contentDir } from "../../lib/content-dir.ts";
import { libraryImageId } from "../../shared/kinds/photo.ts";
import {
  DEFAULT_SETTINGS,
  type SaveSettingsInput,
  saveSettingsSchema,
} from "../../shared/kinds/settings.ts";
import type { Db } from "../db/client.ts";
import { claimOnce, isClaimed } from "../db/meta.ts";
import { deleteMediaById, updateMediaById, uploadMedia } from "../media/service.ts";
import type { Storage } from "../storage/storage.ts";
import { DEMO_ADMIN } from "../users/admin.ts";
import { findUserByEmail } from "../users/service.ts";
import { findSettings, saveSettings } from "./settings-repository.ts";

// The demo site's settings, seeded with the demo admin (src/server/runtime.ts: the embedded
// database outside production), so that a first `npm run dev` or `npm start` shows the author's
// card on the home and about pages. Once in the life of a database, and never over settings the
// owner saved: the row is written only while there is none.

/** Recorded in app_meta once the demo settings were saved (or must never be: `npm run import`). */
export const DEMO_SETTINGS_KEY = "demo-settings-seeded";

/**
 * The author's picture: a square around the bird of a seed photo (content/photos/SOURCES.md
 * names its source and licence), taken into the media library like any upload.
 */
export const DEMO_AVATAR = {
  file: join("photos", "files", "nuthatch-on-trunk.jpg"),
  crop: { left: 760, top: 250, width: 850, height: 850 },
  name: "nuthatch-avatar.jpg",
  alt: { "zh-CN": "树干上的一只䴓", "en-US": "A nuthatch on a tree trunk" },
  caption: {
    "zh-CN": "《Kleiber》局部，Lukas Baubkus 摄，CC BY-SA 3.0",
    "en-US": "Detail of “Kleiber” by Lukas Baubkus, CC BY-SA 3.0",
  },
} as const;

/** The demo's settings: the defaults with an author, `avatar` their picture ("" for none). */
export function demoSettings(avatar: string): SaveSettingsInput {
  return saveSettingsSchema.parse({
    ...DEFAULT_SETTINGS,
    authorName: { "zh-CN": "林墨", "en-US": "Lin Mo" },
    authorBio: {
      "zh-CN": "以写软件为生，也以写它为乐，中英文各写一遍。",
      "en-US": "Writes software for a living and about it for fun, in Chinese and English.",
    },
    authorAvatar: avatar,
    socialLinks: [
      { label: "GitHub", url: "https://github.com/example" },
      { label: "Mastodon", url: "https://mastodon.example/@linmo" },
    ],
  });
}

/** The avatar's image in the library, uploaded for the demo admin; its served address. */
async function uploadAvatar(db: Db, storage: Storage, dir: string): Promise<string> {
  const admin = await findUserByEmail(db, DEMO_ADMIN.email);
  if (!admin) return "";
  const photo = await readFile(join(dir, DEMO_AVATAR.file));
  const square = await sharp(photo).extract(DEMO_AVATAR.crop).jpeg({ quality: 90 }).toBuffer();
  const record = await uploadMedia(
    db,
    storage,
    admin.id,
    new File([new Uint8Array(square)], DEMO_AVATAR.name, { type: "image/jpeg" }),
  );
  await updateMediaById(db, record.id, {
    alt: DEMO_AVATAR.alt,
    caption: DEMO_AVATAR.caption,
    tags: ["demo"],
  });
  return record.src;
}

/**
 * Seeds the demo settings once in the life of the database: true when it did. Nothing happens
 * when settings were saved already (they are the owner's), or once seeded (even if changed
 * since). Without the seed photo the author has no picture.
 */
export async function seedDemoSettings(
  db: Db,
  storage: Storage,
  dir: string = contentDir(),
): Promise<boolean> {
  if (await isClaimed(db, DEMO_SETTINGS_KEY)) return false;
  if (await findSettings(db)) {
    await claimOnce(db, DEMO_SETTINGS_KEY);
    return false;
  }
  let avatar = "";
  try {
    avatar = await uploadAvatar(db, storage, dir);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    console.warn(`Demo settings: the author's picture could not be made (${why}).`);
  }
  const seeded = await db.transaction(async (tx) => {
    if (!(await claimOnce(tx, DEMO_SETTINGS_KEY))) return false;
    // Written only while no row exists: settings saved meanwhile stay as they are.
    const row = await saveSettings(tx, { value: demoSettings(avatar), updatedBy: null }, "none");
    return row !== null;
  });
  const id = libraryImageId(avatar);
  if (!seeded && id) await deleteMediaById(db, storage, id).catch(() => undefined);
  return seeded;
}

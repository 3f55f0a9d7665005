import { defineCollection, type ImageFunction, reference } from "astro:content";
import { file, glob } from "astro/loaders";
import { z } from "astro/zod";
import { contentDir } from "./lib/content-dir.ts";
import { databaseOnly, filesAndDatabase } from "./lib/database-loader.ts";
import {
  articleCollectionFields,
  articleImages,
  bookCollectionFields,
  bookImages,
  categoryCollectionFields,
  chapterCollectionFields,
  imageSrcSchema,
  noteCollectionFields,
  noteImages,
} from "./shared/content.ts";
import { bannerCollectionFields, bannerImages } from "./shared/kinds/banner.ts";
import { labCollectionFields } from "./shared/kinds/lab.ts";
import { navCollectionFields } from "./shared/kinds/nav.ts";
import { PAGE_SLUGS, pageCollectionFields } from "./shared/kinds/page.ts";
import {
  albumCollectionFields,
  photoCollectionFields,
  photoImages,
  photoTagCollectionFields,
  pictureSchema,
} from "./shared/kinds/photo.ts";
import { settingsCollectionFields } from "./shared/kinds/settings.ts";

// Two sources, one schema: files written in git (content/, or the folder in CONTENT_DIR) and
// rows written in /bms (the database), joined by filesAndDatabase. A slug used by both, or a
// bad field in either, fails the build with a message naming the file or the row. Each
// collection's fields are its kind's (src/shared/kinds/<kind>.ts), the same the API checks;
// this file adds only what the build knows: references between collections, and images.

/**
 * An image of the build: a URL or a path on this site (what rows carry, and a file may name),
 * else a file's own image beside it (`./images/a.jpg`), which Astro optimises. Pages tell them
 * apart by type: a string is printed as it is, an object is an optimised image.
 */
const urlOrImage = (image: ImageFunction) => z.union([imageSrcSchema, image()]);

/** Where the files are: the folder the API reads them from too. */
const dir = contentDir();

const categories = defineCollection({
  loader: filesAndDatabase("categories", file(`${dir}/categories.json`)),
  schema: z.object(categoryCollectionFields),
});

// A schema with images is made again for every entry (image() is bound to the entry's file),
// so everything but the image fields is made once, here: 2000 entries made it all 2000 times.
const articleData = { ...articleCollectionFields, category: reference("categories") };

const articles = defineCollection({
  loader: filesAndDatabase("articles", glob({ base: `${dir}/articles`, pattern: "**/*.{md,mdx}" })),
  schema: ({ image }) => z.object({ ...articleData, ...articleImages(urlOrImage(image)) }),
});

const notes = defineCollection({
  loader: filesAndDatabase("notes", glob({ base: `${dir}/notes`, pattern: "**/*.md" })),
  schema: ({ image }) => z.object({ ...noteCollectionFields, ...noteImages(urlOrImage(image)) }),
});

const books = defineCollection({
  loader: filesAndDatabase("books", glob({ base: `${dir}/books`, pattern: "*/index.md" })),
  schema: ({ image }) => z.object({ ...bookCollectionFields, ...bookImages(urlOrImage(image)) }),
});

const chapters = defineCollection({
  loader: filesAndDatabase("chapters", glob({ base: `${dir}/books`, pattern: "*/!(index).md" })),
  schema: z.object(chapterCollectionFields),
});

const albums = defineCollection({
  loader: filesAndDatabase("albums", file(`${dir}/albums.json`)),
  schema: z.object(albumCollectionFields),
});

// Names of photo tags in each language; a tag without one shows as written.
const photoTags = defineCollection({
  loader: filesAndDatabase("photoTags", file(`${dir}/photo-tags.json`)),
  schema: z.object(photoTagCollectionFields),
});

// A file's photo is its own image beside it; a row's is a library image, whose picture (size,
// placeholder, camera facts, served files) the snapshot brings along.
const photoData = {
  ...photoCollectionFields,
  album: reference("albums").nullable().default(null),
  picture: pictureSchema.nullable().default(null),
};

const photos = defineCollection({
  loader: filesAndDatabase("photos", glob({ base: `${dir}/photos`, pattern: "[a-z0-9]*.md" })),
  // A file's image is named as written (`./files/a.jpg`), never Astro's image(): that would
  // publish the original, camera facts and all. src/lib/photos.ts runs it through the pipeline.
  schema: z.object({ ...photoData, ...photoImages(z.string()) }),
});

// A banner of content/banners.json names its image as a photo file does (`./photos/files/a.jpg`,
// from content/); a row's is a library image whose picture the snapshot brings. A file's
// banners keep the file's order: each gets its place as `order` (the store keeps no order).
const banners = defineCollection({
  loader: filesAndDatabase(
    "banners",
    file(`${dir}/banners.json`, {
      parser: (text) => {
        const list: unknown = JSON.parse(text);
        if (!Array.isArray(list)) throw new Error(`${dir}/banners.json must be a list`);
        // Each entry is checked by the schema below; one that is no object is refused there.
        return list.map((item: Record<string, unknown>, order) => ({ ...item, order }));
      },
    }),
  ),
  schema: z.object({ ...bannerCollectionFields, ...bannerImages(z.string()) }),
});

// The site's pages (the about page), one entry per language: `about/en-US` from
// content/about/en-US.mdx, replaced by the text saved in /bms when there is one.
const pages = defineCollection({
  loader: filesAndDatabase(
    "pages",
    glob({
      base: dir,
      pattern: PAGE_SLUGS.map((slug) => `${slug}/*.mdx`),
      generateId: ({ entry }) => entry.replace(/\.mdx$/, ""),
    }),
  ),
  schema: z.object(pageCollectionFields),
});

// The site navigation's groups: content/site-nav.json's first, in the file's order (each gets its
// place as `order`), then the database's; each with its links in order (a file's hidden ones are
// there, and the page leaves them out; the database's never leave it).
const navigation = defineCollection({
  loader: filesAndDatabase(
    "navigation",
    file(`${dir}/site-nav.json`, {
      parser: (text) => {
        const list: unknown = JSON.parse(text);
        if (!Array.isArray(list)) throw new Error(`${dir}/site-nav.json must be a list`);
        // Each group is checked by the schema below; one that is no object is refused there.
        return list.map((item: Record<string, unknown>, order) => ({ ...item, order }));
      },
    }),
  ),
  schema: z.object(navCollectionFields),
});

// The site's settings: one entry (`site`) once they are saved in /bms, none before (the build
// then takes the kind's defaults: src/lib/settings.ts). They are written nowhere else.
const settings = defineCollection({
  loader: databaseOnly("settings"),
  schema: z.object(settingsCollectionFields),
});

// Old addresses of imported articles, each to its page: the database's only (src/server/import/).
// The build writes them to `_redirects` (src/pages/[redirects].ts).
const redirects = defineCollection({
  loader: databaseOnly("redirects"),
  schema: z.object({ from: z.string(), to: z.string() }),
});

// The labs' experiments (/hookslab, /mixlab): MDX files only, `<lab>/<slug>` each, whose body
// places the experiment's island. They are written in git, never in /bms.
const labs = defineCollection({
  loader: glob({ base: `${dir}/labs`, pattern: "*/[a-z0-9]*.mdx" }),
  schema: z.object(labCollectionFields),
});

export const collections = {
  categories,
  articles,
  notes,
  books,
  chapters,
  albums,
  photos,
  photoTags,
  banners,
  pages,
  navigation,
  settings,
  redirects,
  labs,
};

import type { ComponentType } from "react";
import { UserSetScreen } from "./account/UserSetScreen.tsx";
import { ArticleEditorScreen } from "./articles/ArticleEditorScreen.tsx";
import { ArticleList } from "./articles/ArticleList.tsx";
import { BannersScreen } from "./banners/BannersScreen.tsx";
import { BooksScreen } from "./books/BooksScreen.tsx";
import { CategoriesScreen } from "./categories/CategoriesScreen.tsx";
import { CommentsScreen } from "./comments/CommentsScreen.tsx";
import { FeedbackScreen } from "./feedback/FeedbackScreen.tsx";
import { FollowersScreen } from "./followers/FollowersScreen.tsx";
import { LogCenterScreen } from "./logs/LogCenterScreen.tsx";
import { MediaScreen } from "./media/MediaScreen.tsx";
import { NavScreen } from "./nav/NavScreen.tsx";
import { NotesScreen } from "./notes/NotesScreen.tsx";
import { OverviewScreen } from "./overview/OverviewScreen.tsx";
import { AboutScreen } from "./pages/AboutScreen.tsx";
import { PhotoEditorScreen } from "./photos/PhotoEditorScreen.tsx";
import { PhotoList } from "./photos/PhotoList.tsx";
import type { AdminRoute } from "./routes.ts";
import type { ScreenProps } from "./screen-props.ts";
import { UsersScreen } from "./users/UsersScreen.tsx";

export type { ScreenProps } from "./screen-props.ts";

/** The screens built so far, by route; the others show their purpose and a pending line. */
export const SCREENS: Partial<Record<AdminRoute, ComponentType<ScreenProps>>> = {
  FeedBackCenter: FeedbackScreen,
  comments: CommentsScreen,
  followers: FollowersScreen,
  userManagement: UsersScreen,
  article: ArticleList,
  editarticle: ArticleEditorScreen,
  categories: CategoriesScreen,
  notes: NotesScreen,
  "book-doc": BooksScreen,
  about: AboutScreen,
  photo: PhotoList,
  editPhoto: PhotoEditorScreen,
  media: MediaScreen,
  bannerSet: BannersScreen,
  "site-nav": NavScreen,
  LogCenter: LogCenterScreen,
  overview: OverviewScreen,
  userSet: UserSetScreen,
};

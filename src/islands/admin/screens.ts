import type { ComponentType } from "react";
import { ArticleEditor } from "./ArticleEditor.tsx";
import { ArticleList } from "./ArticleList.tsx";
import { BooksScreen } from "./BooksScreen.tsx";
import { CategoriesScreen } from "./CategoriesScreen.tsx";
import { FeedbackCenter } from "./FeedbackCenter.tsx";
import { NotesScreen } from "./NotesScreen.tsx";
import type { AdminRoute } from "./routes.ts";
import type { ScreenProps } from "./screen-props.ts";
import { UserManagement } from "./UserManagement.tsx";

export type { ScreenProps } from "./screen-props.ts";

/** The screens built so far, by route; the others show their purpose and a pending line. */
export const SCREENS: Partial<Record<AdminRoute, ComponentType<ScreenProps>>> = {
  FeedBackCenter: FeedbackCenter,
  userManagement: UserManagement,
  article: ArticleList,
  editarticle: ArticleEditor,
  categories: CategoriesScreen,
  notes: NotesScreen,
  "book-doc": BooksScreen,
};

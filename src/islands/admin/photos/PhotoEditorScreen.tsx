import type { PhotoRecord } from "../../../shared/content.ts";
import { type EditorKind, EditorScreen } from "../app/content/EditorScreen.tsx";
import type { ScreenProps } from "../screen-props.ts";
import { PhotoForm } from "./PhotoForm.tsx";
import { usePhoto } from "./queries.ts";
import "./photos.css";

const PHOTO_EDITOR: EditorKind<PhotoRecord> = {
  list: "photo",
  editor: "editPhoto",
  words: "bmsPhotos",
  loading: "bmsPhotos.loadingPhoto",
  className: "bms-photo-editor",
  useItem: usePhoto,
  Form: PhotoForm,
};

/** `/bms/editPhoto`: a new photo, or `?id=` an existing one (read-only for a file's). */
export const PhotoEditorScreen = (props: ScreenProps) => (
  <EditorScreen {...props} kind={PHOTO_EDITOR} />
);

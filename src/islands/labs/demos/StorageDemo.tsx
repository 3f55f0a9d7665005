import { useLocalStorageState } from "../hooks/useLocalStorageState.ts";
import { Say } from "./Say.tsx";
import "./demo.css";

// This demo's own keys: nothing else on the site reads them.
const LIKES_KEY = "lab-likes";
const NOTE_KEY = "lab-note";
const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
const isNote = (value: unknown): value is string => typeof value === "string";

/** A like counter and a note, kept in localStorage and in step across tabs. */
export default function StorageDemo() {
  const [likes, setLikes] = useLocalStorageState(LIKES_KEY, 0, isCount);
  const [note, setNote] = useLocalStorageState(NOTE_KEY, "", isNote);
  return (
    <div className="lab-demo">
      <p className="lab-big" aria-live="polite">
        <Say k="labs.storage.count" />: <strong data-testid="likes">{likes}</strong>
      </p>
      <div className="lab-buttons">
        <button type="button" onClick={() => setLikes((n) => n + 1)}>
          <Say k="labs.storage.like" />
        </button>
        <button type="button" onClick={() => setLikes(0)}>
          <Say k="labs.storage.reset" />
        </button>
      </div>
      <label className="lab-field">
        <Say k="labs.storage.note" />
        <input
          type="text"
          maxLength={200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <p className="lab-hint">
        <Say k="labs.storage.hint" />
      </p>
    </div>
  );
}

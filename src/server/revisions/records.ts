import type { RevisionListItem, RevisionRecord } from "../../shared/content.ts";
import type { RevisionListRow } from "./repository.ts";

// Revisions as the API answers them (content/records.ts says how rows become records).

/** Who saved a revision, by name; null once their account is gone. */
const savedBy = (row: { savedBy: string | null; savedByName: string | null }) =>
  row.savedBy ? { id: row.savedBy, name: row.savedByName ?? "" } : null;

export const revisionListItem = (row: RevisionListRow): RevisionListItem => ({
  id: row.id,
  savedAt: row.savedAt.toISOString(),
  savedBy: savedBy(row),
  title: row.title,
  length: row.length,
  autosaved: row.autosaved,
});

export function revisionRecord(row: {
  id: string;
  savedAt: Date;
  savedBy: string | null;
  savedByName: string | null;
  fields: Record<string, unknown>;
  autosaved: boolean;
}): RevisionRecord {
  const { title, body } = row.fields;
  return {
    id: row.id,
    savedAt: row.savedAt.toISOString(),
    savedBy: savedBy(row),
    title: typeof title === "string" ? title : null,
    length: typeof body === "string" ? body.length : 0,
    autosaved: row.autosaved,
    fields: row.fields,
  };
}

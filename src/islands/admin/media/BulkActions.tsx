import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { Translate } from "../../../i18n/core.ts";
import { CONTENT_LIMITS } from "../../../shared/content-rules.ts";
import type { MediaRecord } from "../../../shared/kinds/media.ts";
import { FormTextField } from "../../ui/form-fields.tsx";
import { bulkSummary } from "../app/bulk.ts";
import { DeleteControl } from "../app/DeleteControl.tsx";
import { useLeaveGuard } from "../app/leave-guard.ts";
import { useDeleteEach, useTagEach } from "../app/media/queries.ts";
import { type AddTagsFields, type AddTagsValues, addTagsSchema } from "../app/media/schema.ts";
import { BulkBar, type ItemSelection, useItemSelection } from "../app/selection.tsx";

/** The images chosen for a bulk action, kept by id across pages. */
export const useSelection = () => useItemSelection<MediaRecord>();

export type Selection = ItemSelection<MediaRecord>;

interface Props {
  t: Translate;
  /** The page shown. */
  items: readonly MediaRecord[];
  selection: Selection;
  /** A bulk action's summary, for the list's status line (`ok` false: something was refused). */
  report: (ok: boolean, message: string) => void;
  /** Every selected image was deleted: focus goes to the list's heading. */
  onAllDeleted: (message: string) => void;
}

/**
 * The tools for the selected images: select all on this page, how many are selected, and, with
 * some, Delete (after a confirm step) and Add tags. Each image is one call; one line then says
 * how many were done and why any were refused.
 */
export function BulkActions({ t, items, selection, report, onAllDeleted }: Props) {
  const removeEach = useDeleteEach();

  async function deleteSelected(): Promise<boolean> {
    const outcome = await removeEach.mutateAsync(selection.items(items));
    selection.select(outcome.done, false);
    const summary = bulkSummary(t, "deleted", outcome);
    if (outcome.refused.length === 0) {
      onAllDeleted(summary);
      return true;
    }
    // Some stay selected: Delete comes back, with the reasons in the status line.
    report(false, summary);
    return false;
  }

  return (
    <BulkBar t={t} words="media.bulk" selectable={items} selection={selection}>
      {(countId) => (
        <>
          <DeleteControl
            t={t}
            question={t("media.bulk.askDelete", { count: selection.size })}
            describedBy={countId}
            onDelete={deleteSelected}
          />
          <AddTagsForm t={t} items={() => selection.items(items)} report={report} />
        </>
      )}
    </BulkBar>
  );
}

/** Adds tags to every selected image (after its own tags; an image keeps at most ten). */
function AddTagsForm({
  t,
  items,
  report,
}: {
  t: Translate;
  items: () => MediaRecord[];
  report: Props["report"];
}) {
  const id = useId();
  const tagEach = useTagEach();
  const form = useForm<AddTagsFields, unknown, AddTagsValues>({
    resolver: zodResolver(addTagsSchema),
    defaultValues: { tags: "" },
  });
  useLeaveGuard(form.formState.isDirty);

  const submit = form.handleSubmit(async ({ tags }) => {
    const outcome = await tagEach.mutateAsync({ items: items(), tags });
    if (outcome.refused.length === 0) form.reset({ tags: "" });
    report(outcome.refused.length === 0, bulkSummary(t, "tagged", outcome));
  });

  return (
    <form className="bms-media-tags" noValidate onSubmit={submit}>
      <FormTextField
        control={form.control}
        t={t}
        id={`${id}-tags`}
        name="tags"
        label={t("media.bulk.tags")}
        hint={t("media.form.tagsHint")}
        maxLength={CONTENT_LIMITS.tags * (CONTENT_LIMITS.tag + 2)}
      />
      <button type="submit" className="button" disabled={form.formState.isSubmitting}>
        {t("media.bulk.addTags")}
      </button>
    </form>
  );
}

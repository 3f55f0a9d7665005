import type { FeedbackStatus } from "../../../shared/feedback-rules.ts";

/**
 * A status change in one step: a button per status the feedback may move to, in a fieldset
 * whose legend says what they change (read by screen readers only when `legendHidden`).
 */
export function StatusButtons({
  statuses,
  className,
  legend,
  legendHidden = false,
  words,
  disabled,
  onPick,
}: {
  statuses: readonly FeedbackStatus[];
  className: string;
  legend: string;
  legendHidden?: boolean;
  words: (status: FeedbackStatus) => string;
  disabled: boolean;
  onPick: (status: FeedbackStatus) => void;
}) {
  return (
    <fieldset className={`bms-status-buttons ${className}`}>
      <legend className={legendHidden ? "visually-hidden" : undefined}>{legend}</legend>
      {statuses.map((status) => (
        <button
          key={status}
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => onPick(status)}
        >
          {words(status)}
        </button>
      ))}
    </fieldset>
  );
}

/**
 * A status change in one step: a button per status the item may move to, in a fieldset
 * whose legend says what they change (read by screen readers only when `legendHidden`).
 */
export function StatusButtons<Status extends string>({
  statuses,
  className,
  legend,
  legendHidden = false,
  words,
  disabled,
  onPick,
}: {
  statuses: readonly Status[];
  className: string;
  legend: string;
  legendHidden?: boolean;
  words: (status: Status) => string;
  disabled: boolean;
  onPick: (status: Status) => void;
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

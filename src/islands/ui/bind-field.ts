/** What ties a TextField to one entry of a form's values (spread it: `{...field("email")}`). */
export interface BoundField {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/**
 * Binds fields by name: the id (`prefix-name`), the name, the value and its setter, and the
 * field's problem in words. One home for the wiring every visitor form repeated by hand.
 */
export function fieldBinder<F extends string>(
  prefix: string,
  values: Readonly<Record<F, string>>,
  set: (name: F, value: string) => void,
  problem: (name: F) => string | undefined,
): (name: F) => BoundField {
  return (name) => ({
    id: `${prefix}-${name}`,
    name,
    value: values[name],
    onChange: (value) => set(name, value),
    error: problem(name),
  });
}

/**
 * The value of the submit button that sent the form, if it has one (`event` is React's, or
 * react-hook-form's `handleSubmit` passes it on).
 */
export function submitterValue(event: { nativeEvent: object } | undefined): string | undefined {
  const sent = event?.nativeEvent;
  return sent instanceof SubmitEvent && sent.submitter instanceof HTMLButtonElement
    ? sent.submitter.value
    : undefined;
}

/** Tags typed with commas (either width) or the Chinese enumeration comma, without repeats. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** A note's time of day in the blog's own zone (Asia/Shanghai), `09:30`, in either language. */
const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Asia/Shanghai",
  hour: "2-digit",
  minute: "2-digit",
});

export const noteTime = (at: Date) => clock.format(at);

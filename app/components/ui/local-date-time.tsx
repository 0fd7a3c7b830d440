import { useSyncExternalStore } from "react";

const subscribeNever = () => () => {};

/**
 * A date (and time) in the reader's time zone. The server cannot know that zone, so the page
 * is rendered in UTC (saying so) and switches once hydrated, which keeps hydration exact.
 */
export function LocalDateTime({
  iso,
  withTime = true,
  className,
}: {
  iso: string;
  withTime?: boolean;
  className?: string;
}) {
  const hydrated = useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  let text = "";
  if (!Number.isNaN(date.getTime())) {
    const format = new Intl.DateTimeFormat("en-US", {
      dateStyle: "medium",
      timeStyle: withTime ? "short" : undefined,
      timeZone: hydrated ? undefined : "UTC",
    });
    text = hydrated || !withTime ? format.format(date) : `${format.format(date)} UTC`;
  }
  return (
    <time dateTime={iso} className={className}>
      {text}
    </time>
  );
}

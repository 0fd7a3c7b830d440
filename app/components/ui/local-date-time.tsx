import { formatShopDate } from "../../../domain/dates";
import { useShopTimeZone } from "~/lib/root-data";

/**
 * A date (and time) in the shop's time zone (SHOP_TIME_ZONE, from the root loader's public
 * config), named ("Mar 1, 2026, 3:42 PM UTC"): the server and the browser print the same string,
 * so hydration changes nothing (domain/dates.ts). The `dateTime` attribute carries the exact
 * instant for assistive technology and scripts.
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
  const zone = useShopTimeZone();
  return (
    <time dateTime={iso} className={className}>
      {formatShopDate(iso, withTime, zone)}
    </time>
  );
}

import type { TrackingView } from "../../../domain/tracking";

/** The shipment's carrier and number, the number linking to the carrier's tracking page when it has one (decision 054). */
export function OrderTracking({ tracking, level }: { tracking: TrackingView; level: 3 | 4 }) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <div data-testid="order-tracking">
      <Heading className="text-xs font-semibold uppercase tracking-wide text-stone-600">Tracking</Heading>
      <p className="mt-1 text-sm text-stone-700">
        {tracking.carrierLabel}{" "}
        {tracking.url ? (
          <a
            href={tracking.url}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all font-mono font-medium text-brand-700 underline underline-offset-2"
          >
            {tracking.number}
            <span className="sr-only"> (track the parcel, opens in a new tab)</span>
          </a>
        ) : (
          <span className="break-all font-mono font-medium text-ink">{tracking.number}</span>
        )}
      </p>
    </div>
  );
}

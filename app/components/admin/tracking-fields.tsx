import { useId } from "react";
import { CARRIER_LABELS, CARRIERS, TRACKING_NUMBER_MAX } from "../../../domain/tracking";

/** The carrier and tracking number sent with Shipped; both optional (domain/tracking.ts checks them on the server). */
export function TrackingFields() {
  const carrierId = useId();
  const numberId = useId();
  const hintId = useId();
  return (
    <fieldset className="rounded-xl border border-stone-200 p-3 sm:max-w-md">
      <legend className="px-1 text-xs font-medium text-stone-700">Tracking, sent with Shipped (optional)</legend>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <label htmlFor={carrierId} className="block text-xs font-medium text-stone-700">
            Carrier
          </label>
          <select
            id={carrierId}
            name="carrier"
            defaultValue=""
            className="mt-1 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-base sm:text-sm"
          >
            <option value="">None</option>
            {CARRIERS.map((carrier) => (
              <option key={carrier} value={carrier}>
                {CARRIER_LABELS[carrier]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={numberId} className="block text-xs font-medium text-stone-700">
            Tracking number
          </label>
          <input
            id={numberId}
            name="trackingNumber"
            maxLength={TRACKING_NUMBER_MAX + 20}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            className="mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 font-mono text-base uppercase sm:text-sm"
          />
        </div>
      </div>
      <p id={hintId} className="mt-2 text-xs text-stone-600">
        4–40 letters, digits, spaces or hyphens.
      </p>
    </fieldset>
  );
}

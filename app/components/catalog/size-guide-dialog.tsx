import { useEffect, useId, useRef, useState } from "react";
import { type SizeGuideView, UNITS, type Unit } from "../../../domain/size-guide";
import { SizeGuideTable } from "./size-guide-table";

/**
 * The size guide in a native modal <dialog> (loaded on the first click: React.lazy in
 * size-fit.tsx). showModal moves the focus in and makes the page behind inert, Escape closes;
 * on close the focus goes back to the button that opened it (`onClosed`).
 */
export default function SizeGuideDialog({ guide, onClosed }: { guide: SizeGuideView; onClosed: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [unit, setUnit] = useState<Unit>("cm");
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClosed}
      className="m-auto w-[calc(100%-1.5rem)] max-w-2xl rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <div className="p-4 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl">
            Size guide
          </h2>
          <button
            type="button"
            onClick={() => ref.current?.close()}
            className="rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-ink"
          >
            Close
          </button>
        </div>
        <fieldset className="mt-4 flex items-center gap-2">
          <legend className="sr-only">Units</legend>
          {UNITS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={unit === option}
              onClick={() => setUnit(option)}
              className={`rounded-full border px-4 py-1.5 text-sm font-medium ${
                unit === option ? "border-ink bg-ink text-white" : "border-stone-300 bg-white text-ink hover:border-ink"
              }`}
            >
              {option === "cm" ? "cm" : "in"}
            </button>
          ))}
        </fieldset>
        <div className="mt-4">
          <SizeGuideTable guide={guide} unit={unit} />
        </div>
        <p className="mt-3 text-sm text-stone-600">
          Body measurements: compare them with your own, not with a garment.
        </p>
      </div>
    </dialog>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { FitSummary } from "../../../domain/fit";
import type { SizeGuideView } from "../../../domain/size-guide";
import { SizeGuideTable } from "./size-guide-table";

/** The dialog's code is fetched on the first click (decision 025: the product page's JavaScript stays small). */
const SizeGuideDialog = lazy(() => import("./size-guide-dialog"));

export const SIZE_GUIDE_ANCHOR = "size-guide";

const linkClass = "text-sm font-medium text-ink underline underline-offset-2 hover:text-brand-700";

/**
 * Beside the sizes: the "Size guide" button (a category with a guide, a product with sizes)
 * and the fit answers' summary ("Most say: true to size, 12 answers", from 3 answers on).
 * Before the scripts run it is a link to the guide printed in the page for browsers without
 * JavaScript (SizeGuideNoScript), so it is never a dead button.
 */
export function SizeFit({ guide, fit }: { guide: SizeGuideView | null; fit: FitSummary | null }) {
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => setHydrated(true), []);
  if (!guide && !fit) return null;

  return (
    <div className="mb-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      {guide &&
        (hydrated ? (
          <button ref={opener} type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} className={linkClass}>
            Size guide
          </button>
        ) : (
          <a href={`#${SIZE_GUIDE_ANCHOR}`} className={linkClass}>
            Size guide
          </a>
        ))}
      {fit && (
        <p className="text-sm text-stone-700" data-testid="fit-summary">
          <span className="font-medium text-ink">Fit:</span> {fit.text}
        </p>
      )}
      {guide && open && (
        <Suspense fallback={null}>
          <SizeGuideDialog
            guide={guide}
            onClosed={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The guide for a browser without JavaScript, in both units: where the "Size guide" link leads. */
export function SizeGuideNoScript({ guide }: { guide: SizeGuideView | null }) {
  if (!guide) return null;
  return (
    <noscript>
      <section id={SIZE_GUIDE_ANCHOR} aria-labelledby={`${SIZE_GUIDE_ANCHOR}-heading`} className="mt-8 space-y-4">
        <h2 id={`${SIZE_GUIDE_ANCHOR}-heading`} className="font-display text-2xl">
          Size guide
        </h2>
        <SizeGuideTable guide={guide} unit="cm" />
        <SizeGuideTable guide={guide} unit="in" />
      </section>
    </noscript>
  );
}

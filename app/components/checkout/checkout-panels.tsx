import type { ReactNode } from "react";
import { Link } from "react-router";

/** The shapes of the checkout's one-message states (docs/product.md §2). */
const ICONS = {
  lock: "M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z",
  bag: "M6 8h12l-1 12H7L6 8Zm3 0V6a3 3 0 0 1 6 0v2",
  pin: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21Zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z",
  check: "M5 13l4 4L19 7",
  info: "M12 8h.01M11 12h1v5h1M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z",
} as const;

export type PanelIcon = keyof typeof ICONS;

export const primaryLinkClass =
  "inline-flex h-12 items-center justify-center rounded-full bg-ink px-8 text-sm font-semibold text-white transition-colors hover:bg-stone-800";
export const secondaryLinkClass =
  "inline-flex h-12 items-center justify-center rounded-full border border-ink px-8 text-sm font-semibold text-ink transition-colors hover:bg-ink hover:text-white";

/** A centred panel with one message and the way on. */
export function StatePanel({
  icon,
  title,
  text,
  children,
  tone = "brand",
  followed = false,
}: {
  icon: PanelIcon;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  tone?: "brand" | "success";
  /** More of the page follows (the order just paid): less room below. */
  followed?: boolean;
}) {
  return (
    <section
      className={`mx-auto max-w-lg px-4 text-center ${followed ? "pt-16 pb-10 sm:pt-24 sm:pb-12" : "py-16 sm:py-24"}`}
    >
      <span
        className={`mx-auto flex h-16 w-16 items-center justify-center rounded-full ${tone === "success" ? "bg-emerald-100 text-emerald-700" : "bg-brand-100 text-brand-700"}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-8 w-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
        >
          <path strokeLinecap="round" strokeLinejoin="round" d={ICONS[icon]} />
        </svg>
      </span>
      <h1 className="mt-5 font-display text-3xl text-ink">{title}</h1>
      {text && <div className="mt-3 text-stone-600">{text}</div>}
      {children && <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{children}</div>}
    </section>
  );
}

export function PanelLink({ to, children, secondary }: { to: string; children: ReactNode; secondary?: boolean }) {
  return (
    <Link to={to} className={secondary ? secondaryLinkClass : primaryLinkClass}>
      {children}
    </Link>
  );
}

/**
 * 'Processing payment...' while a payment is under way (docs/product.md §2), with what happens
 * next when there is more to say ('Redirecting to Stripe Checkout...' while the card
 * provider's page is prepared and loaded).
 */
export function ProcessingPayment({ detail }: { detail?: string }) {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 rounded-xl bg-stone-100 p-4 text-sm font-medium text-ink"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 animate-spin text-brand-700" fill="none">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>
        Processing payment...
        {detail && <span className="block font-normal text-stone-700">{detail}</span>}
      </span>
    </div>
  );
}

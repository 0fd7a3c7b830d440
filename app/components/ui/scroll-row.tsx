import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A row that scrolls sideways when it does not fit (the category chips on a phone), with a
 * visible hint at each edge that has more to show: a fade and an arrow. Until the page runs,
 * the end hint shows wherever the row is narrower than its content could be (below xl).
 */
export function ScrollRow({
  label,
  children,
  className = "",
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState<{ before: boolean; after: boolean } | null>(null);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => {
      const max = element.scrollWidth - element.clientWidth;
      setMore({ before: element.scrollLeft > 4, after: element.scrollLeft < max - 4 });
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);

  const after = more ? more.after : true;
  const before = more?.before ?? false;
  return (
    <nav aria-label={label} className={`relative min-w-0 ${className}`}>
      {/* py-1: room for the chips' focus rings, which a scrolling box would otherwise cut off. */}
      <div ref={scroller} className="-mx-4 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:mx-0 sm:px-1">
        {children}
      </div>
      <EdgeHint side="before" visible={before} />
      <EdgeHint side="after" visible={after} serverOnlyBelowXl={more === null} />
    </nav>
  );
}

function EdgeHint({
  side,
  visible,
  serverOnlyBelowXl = false,
}: {
  side: "before" | "after";
  visible: boolean;
  serverOnlyBelowXl?: boolean;
}) {
  const start = side === "before";
  return (
    <div
      aria-hidden="true"
      data-scroll-hint={side}
      className={`pointer-events-none absolute inset-y-0 flex w-12 items-center transition-opacity ${
        start ? "-left-4 justify-start bg-gradient-to-r sm:left-0" : "-right-4 justify-end bg-gradient-to-l sm:right-0"
      } from-white via-white/90 to-transparent ${visible ? "opacity-100" : "opacity-0"} ${serverOnlyBelowXl ? "xl:hidden" : ""}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className={`h-4 w-4 text-stone-600 ${start ? "ml-1 rotate-180" : "mr-1"}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M7.5 4.5 13 10l-5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </div>
  );
}

import type { ReactNode } from "react";

/** The shop's line icons: 20×20, drawn with the text colour, hidden from assistive technology (the button names them). */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      {children}
    </svg>
  );
}

export function CloseIcon() {
  return (
    <LineIcon>
      <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
    </LineIcon>
  );
}

/** A magnifying glass with a plus (magnify) or a minus (zoom out). */
export function MagnifierIcon({ minus = false }: { minus?: boolean }) {
  return (
    <LineIcon>
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d={minus ? "M6 8.5h5M13 13l4 4" : "M6 8.5h5M8.5 6v5M13 13l4 4"} strokeLinecap="round" />
    </LineIcon>
  );
}

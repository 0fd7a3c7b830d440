import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * What a full page load does for screen-reader and keyboard users, done after each client-side
 * navigation to a new page: the focus moves to the new page's main heading (its h1, else the
 * main region), so Tab continues from the top of the new content rather than from a link that
 * is gone, and the new title is announced in a polite live region.
 *
 * Only a new path counts as a new page. A change of the query alone (filters, search, sort,
 * tabs, Load more, pages of a list) keeps the focus on the control that made it, and that
 * control's own region says what changed.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  const [announcement, setAnnouncement] = useState({ text: "", n: 0 });

  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    // The first render is a full page load: the browser announces it and starts at the top.
    if (before === null || before === pathname) return;
    // After the new page has painted, with its title in place.
    const frame = requestAnimationFrame(() => {
      const main = document.getElementById("main");
      if (!main) return;
      // A new page that took the focus itself (a dialog, an autofocus field) keeps it.
      const active = document.activeElement;
      if (active && active !== document.body && main.contains(active)) return;
      const target = main.querySelector<HTMLElement>("h1") ?? main;
      if (!target.hasAttribute("tabindex")) {
        target.setAttribute("tabindex", "-1");
        target.dataset.routeFocus = "";
      }
      // The scroll position is ScrollRestoration's business (top for a new page, kept on Back).
      target.focus({ preventScroll: true });
      setAnnouncement((last) => ({ text: document.title, n: last.n + 1 }));
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {/* Keyed, so the same title twice in a row (two products of one name) is announced again. */}
      <span key={announcement.n}>{announcement.text}</span>
    </div>
  );
}

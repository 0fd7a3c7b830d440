import { useRef } from "react";
import { Link, useNavigate } from "react-router";
import { ADMIN_TAB_LABELS, ADMIN_TABS, type AdminTab } from "../../../domain/admin-dashboard";
import { adminPath } from "~/lib/admin-notices";

export const TAB_PANEL_ID = "admin-tabpanel";
export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;

/**
 * The dashboard's tabs. Each tab is a link to its own address (?tab=orders), so reload, back
 * and a link from elsewhere all land on the right tab, with or without JavaScript. The ARIA
 * tab pattern on top: one tab in the Tab order, arrow keys, Home and End move between tabs.
 */
export function AdminTabs({ current }: { current: AdminTab }) {
  const navigate = useNavigate();
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});

  function go(index: number) {
    const tab = ADMIN_TABS[(index + ADMIN_TABS.length) % ADMIN_TABS.length];
    refs.current[tab]?.focus();
    navigate(adminPath(tab));
  }

  function onKeyDown(event: React.KeyboardEvent, index: number) {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: ADMIN_TABS.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    go(moves[event.key]);
  }

  return (
    <div
      role="tablist"
      aria-label="Dashboard sections"
      className="flex gap-1 overflow-x-auto border-b border-stone-200"
    >
      {ADMIN_TABS.map((tab, index) => {
        const selected = tab === current;
        return (
          <Link
            key={tab}
            ref={(el) => {
              refs.current[tab] = el;
            }}
            id={tabId(tab)}
            role="tab"
            to={adminPath(tab)}
            aria-selected={selected}
            aria-controls={selected ? TAB_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            preventScrollReset
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-3 text-sm font-medium transition-colors ${
              selected ? "border-ink text-ink" : "border-transparent text-stone-600 hover:text-ink"
            }`}
          >
            {ADMIN_TAB_LABELS[tab]}
          </Link>
        );
      })}
    </div>
  );
}

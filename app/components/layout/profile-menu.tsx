import { useEffect, useId, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { clearCart } from "~/lib/cart";
import { forgetCartOnSignOut } from "~/lib/cart-sync";
import type { RootUser } from "~/lib/root-data";

/** The avatar letter: from the first name, else the e-mail (docs/product.md §2). */
export function avatarInitial(user: Pick<RootUser, "firstName" | "email">): string {
  const source = user.firstName?.trim() || user.email;
  return (source[0] ?? "?").toUpperCase();
}

const ITEMS = [
  { to: "/profile", label: "My Profile" },
  { to: "/orders", label: "My Orders" },
  { to: "/addresses", label: "My Addresses" },
];

/**
 * The signed-in shopper's menu, as a WAI-ARIA menu button: Enter, Space or the arrow keys
 * open it, arrows and Home/End move, Escape closes and returns focus, Tab and clicks
 * outside close it.
 */
export function ProfileMenu({ user }: { user: RootUser }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const label = user.firstName?.trim() || "Profile";

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    if (all.length) all[(index + all.length) % all.length].focus();
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${label}`}
        data-account-menu
        className="flex items-center gap-2 rounded-full py-1 pl-1 pr-1 text-sm font-medium text-stone-700 transition-colors hover:bg-stone-100 sm:pr-3"
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            openAt(0);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            openAt(-1);
          }
        }}
      >
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
        >
          {avatarInitial(user)}
        </span>
        <span className="hidden max-w-[9rem] truncate sm:inline">{label}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden h-4 w-4 sm:block" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <div
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label="Account"
        hidden={!open}
        className="absolute right-0 z-50 mt-2 w-56 overflow-hidden rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
        onKeyDown={(event) => {
          const all = items();
          const at = all.indexOf(document.activeElement as HTMLElement);
          if (event.key === "ArrowDown") {
            event.preventDefault();
            focusItem(at + 1);
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            focusItem(at - 1);
          } else if (event.key === "Home") {
            event.preventDefault();
            focusItem(0);
          } else if (event.key === "End") {
            event.preventDefault();
            focusItem(-1);
          } else if (event.key === "Escape") {
            event.preventDefault();
            close(true);
          } else if (event.key === "Tab") {
            close(false);
          }
        }}
      >
        <p className="truncate border-b border-stone-100 px-4 py-2 text-xs text-stone-500">{user.email}</p>
        {ITEMS.map((item) => (
          <Link
            key={item.to}
            to={item.to}
            role="menuitem"
            tabIndex={-1}
            className="block px-4 py-2.5 text-sm text-stone-800 hover:bg-stone-100 focus:bg-stone-100 focus:outline-none"
            onClick={() => close(false)}
          >
            {item.label}
          </Link>
        ))}
        <Form
          method="post"
          action="/logout"
          className="border-t border-stone-100"
          onSubmit={() => forgetCartOnSignOut(clearCart)}
        >
          <button
            type="submit"
            role="menuitem"
            tabIndex={-1}
            className="block w-full px-4 py-2.5 text-left text-sm text-stone-800 hover:bg-stone-100 focus:bg-stone-100 focus:outline-none"
          >
            Sign Out
          </button>
        </Form>
      </div>
    </div>
  );
}

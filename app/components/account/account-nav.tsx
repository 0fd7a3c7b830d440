import { NavLink } from "react-router";

const LINKS = [
  { to: "/profile", label: "My Profile" },
  { to: "/orders", label: "My Orders" },
  { to: "/addresses", label: "My Addresses" },
];

/** The account pages' side navigation (a row of tabs on phones). */
export function AccountNav() {
  return (
    // Scrolls sideways on phones, with room for the focus rings; a plain column from md up.
    <nav
      aria-label="My account"
      className="-mx-4 overflow-x-auto px-4 py-1 md:mx-0 md:overflow-visible md:px-0 md:py-0"
    >
      <ul className="flex gap-2 md:flex-col md:gap-1">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                `block whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium md:rounded-lg ${
                  isActive ? "bg-ink text-white" : "text-stone-700 hover:bg-stone-100"
                }`
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import type { ReactNode } from "react";
import { AccountNav } from "./account-nav";

/**
 * The one layout of the account pages (My Profile, My Orders, My Addresses): the page's
 * heading with its main action beside it, the side navigation (a row of tabs on phones) and
 * the page's content.
 */
export function AccountLayout({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-4">
        <h1 className="font-display text-3xl sm:text-4xl">{title}</h1>
        {action}
      </div>
      <div className="mt-6 grid gap-8 md:grid-cols-[12rem_minmax(0,1fr)]">
        <AccountNav />
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

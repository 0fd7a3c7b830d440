import { data, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { lazy, Suspense, useEffect } from "react";
import type { Route } from "./+types/root";
import "~/app.css";
import "~/context";
import { ProductPending } from "~/components/catalog/product-pending";
import { NavigationProgress } from "~/components/layout/navigation-progress";
import { RouteFocus } from "~/components/layout/route-focus";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { LazyToaster } from "~/components/layout/lazy-toaster";
import { clearFlashCookie, isSecureUrl, readFlash } from "~/lib/flash";
import type { RootData, RootUser } from "~/lib/root-data";
import { useToastOnce } from "~/lib/use-action-toast";

/** Downloaded only when an error is shown (docs/decisions/025-what-the-browser-loads-when.md). */
const ErrorPage = lazy(() =>
  import("~/components/layout/error-page").then((module) => ({ default: module.ErrorPage })),
);

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, cookies } = await context.services.auth.session(request);
  const flash = readFlash(request);
  const headers = new Headers();
  // A session past its refresh age gets a renewed cookie here.
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  if (flash) headers.append("Set-Cookie", clearFlashCookie(isSecureUrl(context.config.publicUrl)));
  const user: RootUser | null = viewer
    ? { id: viewer.id, email: viewer.email, firstName: viewer.firstName, isAdmin: viewer.isAdmin }
    : null;
  return data<RootData>({ user, config: context.config, toast: flash }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#72422d" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <RouteFocus />
        <NavigationProgress />
        {/* Top-right for 5 s (docs/product.md §9), below the sticky header and clear of the page's h1
            (docs/product.md §11, app/lib/toast-placement.ts); one at a time, so no older toast peeks out
            from behind a newer one. The library loads with the first toast (app/lib/toast.ts). */}
        <LazyToaster position="top-right" duration={5000} richColors closeButton visibleToasts={1} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * A signed-in shopper's cart follows them (docs/decisions/050-server-cart.md): the sync starts
 * with the first signed-in page and stops at sign-out; visitors never download it.
 */
function useCartSync(userId: string | null) {
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("~/lib/cart-sync").then((sync) => {
      if (!cancelled) stop = sync.startCartSync(userId);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId]);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.toast;
  useToastOnce(flash);
  useCartSync(loaderData.user?.id ?? null);
  return (
    <>
      <ProductPending />
      <Outlet />
    </>
  );
}

/** Renders by status (404, 403, 429, else 500) inside Layout, so the header and footer stay. */
export function ErrorBoundary() {
  return (
    <Suspense>
      <ErrorPage />
    </Suspense>
  );
}

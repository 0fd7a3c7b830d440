import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { Toaster } from "sonner";
import type { PublicConfig } from "../server/services";
import type { Route } from "./+types/root";
import "./app.css";
import "./context";
import { ProductPending } from "./components/product-pending";
import { RouteFocus } from "./components/route-focus";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { clearFlashCookie, type FlashToast, isSecureUrl, readFlash } from "./lib/flash";
import { STORE_NAME } from "./lib/store";
import { useToastOnce } from "./lib/use-action-toast";

/** The header is 64 px tall and sticky: toasts start just below it. */
const TOAST_TOP = 76;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** The signed-in shopper as every page sees it: no tokens, nothing secret. */
export interface RootUser {
  id: string;
  email: string;
  firstName?: string;
  isAdmin: boolean;
}

export interface RootData {
  user: RootUser | null;
  config: PublicConfig;
  /** A one-shot message left by the page that redirected here. */
  toast: FlashToast | null;
}

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

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
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
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
        <RouteFocus />
        {/* Top-right for 5 s (docs/product.md §9), below the sticky header (h-16) so the cart and profile stay reachable. */}
        <Toaster
          position="top-right"
          duration={5000}
          richColors
          closeButton
          offset={{ top: TOAST_TOP, right: 24 }}
          mobileOffset={{ top: TOAST_TOP, right: 12, left: 12 }}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.toast;
  useToastOnce(flash);
  return (
    <>
      <ProductPending />
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  const text = notFound
    ? "We couldn't find the page you were looking for. It may have moved, or the product may no longer be available."
    : "An unexpected error occurred on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | ${STORE_NAME}`}</title>
      <p className="font-display text-6xl text-brand-600">{notFound ? "404" : "Oops"}</p>
      <h1 className="mt-4 font-display text-3xl">{title}</h1>
      <p className="mt-4 text-stone-600">{text}</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-full bg-ink px-6 py-3 text-sm font-medium text-white hover:bg-stone-800"
      >
        Back to the shop
      </a>
    </section>
  );
}

import {
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
import type { Route } from "./+types/root";
import "./app.css";
import "./context";
import { ProductPending } from "./components/product-pending";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { STORE_NAME } from "./lib/store";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ context }: Route.LoaderArgs) {
  return { user: null as null | { id: string; email: string; firstName?: string; isAdmin: boolean }, config: context.config };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

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
        <Toaster position="top-right" duration={5000} richColors closeButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
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

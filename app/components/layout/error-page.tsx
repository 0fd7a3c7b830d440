import { isRouteErrorResponse, useRouteError } from "react-router";
import { errorPageText } from "~/lib/error-pages";
import { STORE_NAME } from "~/lib/store";

/**
 * The page an error boundary shows, by the status of what was thrown (a loader's thrown
 * response, app/lib/page-failure.server.ts); anything else is the 500 page. The root boundary
 * renders it inside the store's layout; a route may export its own boundary with this too.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { code, title, text } = errorPageText(isRouteErrorResponse(error) ? error.status : undefined);
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>{`${title} | ${STORE_NAME}`}</title>
      <p className="font-display text-6xl text-brand-600">{code}</p>
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

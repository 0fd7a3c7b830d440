/**
 * What the error boundaries show, by status (docs/decisions/017-one-set-of-errors.md). A status
 * without its own entry is shown as the 500 page: nothing of the failure itself reaches the page.
 */
export interface ErrorPageText {
  /** The big line above the title. */
  code: string;
  title: string;
  text: string;
}

const PAGES: Record<404 | 403 | 429 | 500 | 503, ErrorPageText> = {
  404: {
    code: "404",
    title: "Page not found",
    text: "We couldn't find the page you were looking for. It may have moved, or the product may no longer be available.",
  },
  403: {
    code: "403",
    title: "Access denied",
    text: "You don't have permission to view this page. If you think you should, log in with another account.",
  },
  429: {
    code: "429",
    title: "Too many requests",
    text: "Too many attempts. Please try again later.",
  },
  // The database cannot be reached (docs/faults.md): nothing was changed, and it passes.
  503: {
    code: "503",
    title: "Back in a moment",
    text: "The shop is briefly unavailable. Please try again in a moment.",
  },
  500: {
    code: "Oops",
    title: "Something went wrong",
    text: "An unexpected error occurred on our side. Please try again in a moment.",
  },
};

export function errorPageText(status: number | undefined): ErrorPageText {
  return status === 404 || status === 403 || status === 429 || status === 503 ? PAGES[status] : PAGES[500];
}

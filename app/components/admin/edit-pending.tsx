import { useNavigation } from "react-router";
import { messages } from "../../../domain/messages";

const EDIT_PATH = /^\/admin\/edit-product\/[^/]+\/?$/;

/**
 * 'Loading product...' while the edit screen's product loads (docs/product.md §2). React Router
 * keeps the current screen until the next loader answers, so the dashboard shows it.
 */
export function EditPending() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location || !EDIT_PATH.test(navigation.location.pathname))
    return null;
  return (
    <div
      role="status"
      className="fixed inset-x-0 bottom-0 top-16 z-30 bg-white/90 opacity-100 transition-opacity duration-300 starting:opacity-0"
    >
      <p className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-6 text-sm font-medium text-stone-700 sm:px-6">
        <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-stone-300 border-t-ink" />
        {messages.products.loading}
      </p>
    </div>
  );
}

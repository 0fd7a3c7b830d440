import { type ComponentProps, type ComponentType, useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import type { Toaster as SonnerToaster } from "sonner";
import { type ToastLibrary, toastQueue } from "~/lib/toast";
import { type Edges, TOAST_LAYOUT, toastTop } from "~/lib/toast-placement";

type LibraryProps = ComponentProps<typeof SonnerToaster>;
/** The offsets are the toaster's own business (app/lib/toast-placement.ts). */
type ToasterProps = Omit<LibraryProps, "offset" | "mobileOffset">;
type Loaded = { Toaster: ComponentType<LibraryProps> } & ToastLibrary;

const none = () => 0;

/** The box of the page's main heading's text, or null when there is none to keep clear. */
function headingEdges(): Edges | null {
  const heading = document.querySelector("#main h1");
  if (!heading) return null;
  const range = document.createRange();
  range.selectNodeContents(heading);
  const box = range.getBoundingClientRect();
  // A visually hidden heading (1 px, clipped) is nothing a toast could cover.
  return box.width > 1 && box.height > 1 ? box : null;
}

/** The toaster's top offset for the page as it is now (app/lib/toast-placement.ts). */
function measureTop(): number {
  return toastTop({
    headerBottom: document.querySelector("body > header")?.getBoundingClientRect().bottom ?? 64,
    heading: headingEdges(),
    viewportWidth: document.documentElement.clientWidth,
  });
}

/**
 * The toaster, on the page only once a toast has been asked for (app/lib/toast.ts): until then
 * nothing of the toast library is downloaded. It mounts the library's toaster first and hands
 * over the waiting toasts after that render, so the live region exists before its first message.
 */
export function LazyToaster(props: ToasterProps) {
  const waiting = useSyncExternalStore(toastQueue.subscribe, toastQueue.waiting, none);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [top, setTop] = useState<number>(TOAST_LAYOUT.gap + 64);
  const { pathname } = useLocation();
  const place = useCallback(() => setTop(measureTop()), []);

  // Placed as each toast appears, on every new page (a toast often comes just before a
  // navigation: "Please login to add items to cart", then the login page) and when the window
  // changes size; not on scroll: a heading scrolled under a toast after it appeared is the
  // shopper's doing (docs/product.md §11).
  useEffect(() => toastQueue.onShow(place), [place]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per new page, after it has rendered
  useEffect(() => {
    if (loaded) place();
  }, [pathname, loaded, place]);
  useEffect(() => {
    window.addEventListener("resize", place, { passive: true });
    return () => window.removeEventListener("resize", place);
  }, [place]);

  useEffect(() => {
    // The first key or pointer press fetches the library: the toast that follows need not wait.
    const preload = () => toastQueue.preload();
    const options = { once: true, passive: true, capture: true } as const;
    document.addEventListener("pointerdown", preload, options);
    document.addEventListener("keydown", preload, options);
    return () => {
      document.removeEventListener("pointerdown", preload, options);
      document.removeEventListener("keydown", preload, options);
    };
  }, []);

  useEffect(() => {
    if (waiting === 0 || loaded) return;
    let current = true;
    toastQueue
      .library()
      .then((library) => {
        if (current) setLoaded(library as Loaded);
      })
      // Offline or a stale release: the toasts stay queued and the next one tries again.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [waiting, loaded]);

  // After the toaster's own effects (it subscribes to new toasts in one): deliver the queue.
  useEffect(() => {
    if (loaded) toastQueue.ready(loaded);
  }, [loaded]);

  if (!loaded) return null;
  const { Toaster } = loaded;
  const side = TOAST_LAYOUT.phoneSide;
  return (
    <Toaster {...props} offset={{ top, right: TOAST_LAYOUT.right }} mobileOffset={{ top, right: side, left: side }} />
  );
}

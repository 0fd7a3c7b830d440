/**
 * The store's toasts, with the toast library (sonner) loaded when the first toast is asked for,
 * not with the page (docs/decisions/025-what-the-browser-loads-when.md). `toast.success(…)`,
 * `toast.error(…)`, `toast.info(…)` and `toast.warning(…)` take the same text and options as
 * sonner's; a toast asked for before the library is there waits in a queue and is shown, in
 * order, as soon as `<LazyToaster>` (app/components/layout/lazy-toaster.tsx) has mounted the
 * library's toaster. The library is also fetched at the first press of a key or pointer, so the
 * toast that usually follows ("Added to cart") does not wait for the network.
 */
import type { ExternalToast } from "sonner";

export type ToastKind = "success" | "error" | "info" | "warning";
export type ToastOptions = ExternalToast;

/** The part of sonner the queue calls. */
export interface ToastLibrary {
  toast: Record<ToastKind, (text: string, options?: ToastOptions) => unknown>;
}

interface Waiting {
  kind: ToastKind;
  text: string;
  options?: ToastOptions;
}

/**
 * A queue in front of a library that is loaded once, on demand. `show` delivers at once when
 * the library is loaded and its toaster is on the page, else queues and asks for both;
 * `ready(library)` (called by the toaster once it has mounted) delivers the queue in order.
 */
export function createToastQueue(load: () => Promise<ToastLibrary>) {
  let library: ToastLibrary | null = null;
  let loading: Promise<ToastLibrary> | null = null;
  const waiting: Waiting[] = [];
  const listeners = new Set<() => void>();
  const showing = new Set<() => void>();

  function fetchLibrary(): Promise<ToastLibrary> {
    loading ??= load().catch((error: unknown) => {
      // A failed download (offline, a new release) may be retried by the next toast.
      loading = null;
      throw error;
    });
    return loading;
  }

  return {
    show(kind: ToastKind, text: string, options?: ToastOptions) {
      for (const listener of [...showing]) listener();
      if (library) {
        library.toast[kind](text, options);
        return;
      }
      waiting.push({ kind, text, options });
      for (const listener of [...listeners]) listener();
    },
    /** Starts the download without showing anything (the first key or pointer press). */
    preload(): void {
      fetchLibrary().catch(() => {});
    },
    /** The library, for the toaster to mount; the same promise for every caller. */
    library: fetchLibrary,
    /** How many toasts wait for the library: the toaster loads it when this is above 0. */
    waiting: () => waiting.length,
    /** Tells `listener` whenever a toast starts waiting. */
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Tells `listener` before every toast is shown (the toaster places itself then: app/lib/toast-placement.ts). */
    onShow(listener: () => void): () => void {
      showing.add(listener);
      return () => showing.delete(listener);
    },
    /** The toaster is mounted: deliver what waited, and everything after at once. */
    ready(loaded: ToastLibrary): void {
      library = loaded;
      for (const { kind, text, options } of waiting.splice(0)) loaded.toast[kind](text, options);
    },
  };
}

export const toastQueue = createToastQueue(() => import("sonner"));

export const toast = {
  success: (text: string, options?: ToastOptions) => toastQueue.show("success", text, options),
  error: (text: string, options?: ToastOptions) => toastQueue.show("error", text, options),
  info: (text: string, options?: ToastOptions) => toastQueue.show("info", text, options),
  warning: (text: string, options?: ToastOptions) => toastQueue.show("warning", text, options),
};

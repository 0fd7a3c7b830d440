import { type ComponentProps, type ComponentType, useEffect, useState, useSyncExternalStore } from "react";
import type { Toaster as SonnerToaster } from "sonner";
import { type ToastLibrary, toastQueue } from "~/lib/toast";

type ToasterProps = ComponentProps<typeof SonnerToaster>;
type Loaded = { Toaster: ComponentType<ToasterProps> } & ToastLibrary;

const none = () => 0;

/**
 * The toaster, on the page only once a toast has been asked for (app/lib/toast.ts): until then
 * nothing of the toast library is downloaded. It mounts the library's toaster first and hands
 * over the waiting toasts after that render, so the live region exists before its first message.
 */
export function LazyToaster(props: ToasterProps) {
  const waiting = useSyncExternalStore(toastQueue.subscribe, toastQueue.waiting, none);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

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
  return <Toaster {...props} />;
}

import { forwardRef, type ReactNode, useId } from "react";

/**
 * A question before something that cannot be undone: a native modal <dialog> (opened with
 * showModal, so the page behind is inert, Escape closes it and it is announced as a dialog).
 * It sits inside the form it confirms: its confirm button submits that form with `name=value`;
 * the harmless "keep" button takes the focus when it opens.
 */
export const ConfirmDialog = forwardRef<
  HTMLDialogElement,
  {
    title: string;
    subtitle?: string;
    children: ReactNode;
    keep: string;
    confirm: string;
    busyText: string;
    busy: boolean;
    onKeep: () => void;
    name?: string;
    value?: string;
  }
>(function ConfirmDialog({ title, subtitle, children, keep, confirm, busyText, busy, onKeep, name, value }, ref) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <div className="p-5 sm:p-6">
        <h2 id={titleId} className="font-display text-2xl">
          {title}
        </h2>
        {subtitle && <p className="mt-1 text-sm font-medium text-stone-700">{subtitle}</p>}
        <div id={bodyId} className="mt-4 space-y-3 text-sm leading-6 text-stone-700">
          {children}
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            // biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus inside it; the harmless button is the one to land on
            autoFocus
            onClick={onKeep}
            className="rounded-full border border-stone-300 px-5 py-2.5 text-sm font-medium hover:border-ink"
          >
            {keep}
          </button>
          <button
            type="submit"
            name={name}
            value={value}
            disabled={busy}
            className="rounded-full bg-red-800 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-900 disabled:opacity-60"
          >
            {busy ? busyText : confirm}
          </button>
        </div>
      </div>
    </dialog>
  );
});

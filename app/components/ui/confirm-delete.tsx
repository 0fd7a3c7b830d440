import { type ReactNode, useEffect, useRef } from "react";
import { useHydrated } from "~/lib/cart";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * A Delete button that asks first in the store's own dialog (ConfirmDialog), not the browser's confirm box.
 * It goes inside the form it deletes with: the dialog's confirm button submits that form. The
 * dialog says the brief's question word for word (domain/messages.ts) and names the item in its
 * subtitle, so the owner or shopper sees what goes. Before the page runs scripts the button
 * submits as any other (the page cannot ask then), as it always did.
 */
export function ConfirmDelete({
  question,
  itemName,
  children,
  keep,
  confirm,
  busyText,
  busy,
  buttonLabel = "Delete",
  busyLabel = "Deleting...",
  ariaLabel,
  buttonClassName,
}: {
  /** The brief's question, e.g. "Are you sure you want to delete this product?". */
  question: string;
  /** What is deleted, as the owner or shopper knows it (the product's title, the address's name). */
  itemName: string;
  /** More about the item or what deleting it does. */
  children?: ReactNode;
  keep: string;
  confirm: string;
  busyText: string;
  busy: boolean;
  buttonLabel?: string;
  busyLabel?: string;
  ariaLabel: string;
  buttonClassName: string;
}) {
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    if (!dialogRef.current?.open) return;
    dialogRef.current.close();
    buttonRef.current?.focus();
  };
  // The answer came (the item is gone, or a refusal was said in a toast): the question is settled.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) dialogRef.current?.close();
    wasBusy.current = busy;
  }, [busy]);
  return (
    <>
      <button
        ref={buttonRef}
        type={hydrated ? "button" : "submit"}
        aria-haspopup={hydrated ? "dialog" : undefined}
        aria-label={ariaLabel}
        disabled={busy}
        onClick={hydrated ? () => dialogRef.current?.showModal() : undefined}
        className={buttonClassName}
      >
        {busy ? busyLabel : buttonLabel}
      </button>
      <ConfirmDialog
        ref={dialogRef}
        title={question}
        subtitle={itemName}
        keep={keep}
        confirm={confirm}
        busyText={busyText}
        busy={busy}
        onKeep={close}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

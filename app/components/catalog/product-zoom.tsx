import { CloseIcon, MagnifierIcon } from "~/components/ui/icons";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { type GalleryDirection, keyDirection } from "../../../domain/gallery";
import { ProductImage } from "./product-image";
import { panStage, ZoomStage } from "./zoom-stage";

interface ProductZoomProps {
  title: string;
  images: readonly string[];
  index: number;
  open: boolean;
  onMove: (direction: GalleryDirection) => void;
  onSelect: (index: number) => void;
  onClose: () => void;
}

const FOCUSABLE = "button:not([disabled]), [href], [tabindex]:not([tabindex='-1'])";

/**
 * The gallery full screen: a modal dialog (the page behind it is inert), with focus kept
 * inside (Tab wraps), Escape and the close button to leave (focus goes back to what opened
 * it), the left and right keys, arrows, thumbnails and swipes to move. The platform's own
 * <dialog> does the modal part, so no script of ours runs outside this component. A tap on the
 * photo, or 'Magnify', shows it at twice the size from the largest variant (zoom-stage.tsx);
 * magnified, the arrow keys pan instead of paging, and a tap or 'Zoom out' goes back.
 */
export function ProductZoom({ title, images, index, open, onMove, onSelect, onClose }: ProductZoomProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const count = images.length;
  const several = count > 1;
  // Magnified, and around which point of the photo: per photo, so paging shows the next one whole.
  const [magnify, setMagnify] = useState<{ index: number; at: { x: number; y: number } | null } | null>(null);
  const magnified = open && magnify !== null && magnify.index === index && Boolean(images[index]);
  const setMagnified = (at: { x: number; y: number } | null, on: boolean) => setMagnify(on ? { index, at } : null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      closeButton.current?.focus();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  function restoreFocus() {
    opener.current?.focus();
    opener.current = null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    // The gallery around the dialog listens for the same keys; the dialog answers them alone.
    event.stopPropagation();
    if (magnified && panStage(stage.current, event.key)) {
      event.preventDefault();
      return;
    }
    const direction = several ? keyDirection(event.key) : null;
    if (direction) {
      event.preventDefault();
      onMove(direction);
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = Array.from(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-label={`${title}, full-screen photos`}
      // Escape: the browser closes the dialog and fires "close"; the page's state follows.
      onClose={() => {
        setMagnify(null);
        onClose();
        restoreFocus();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-stone-950 p-0 text-white backdrop:bg-stone-950"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-center justify-between gap-4 px-4 py-3">
            <p className="min-w-0 truncate text-sm font-medium">
              {title}
              {several && (
                <span className="ml-2 tabular-nums text-stone-300">
                  {index + 1} / {count}
                </span>
              )}
            </p>
            <div className="flex shrink-0 items-center gap-2">
              {images[index] && (
                <button
                  type="button"
                  aria-pressed={magnified}
                  onClick={() => setMagnified(null, !magnified)}
                  className="flex h-11 min-w-11 items-center justify-center gap-2 rounded-full bg-white/10 px-3 text-sm sm:px-4 font-medium text-white transition hover:bg-white/20"
                >
                  <MagnifierIcon minus={magnified} />
                  <span className="sr-only sm:not-sr-only">{magnified ? "Zoom out" : "Magnify"}</span>
                </button>
              )}
              <button
                ref={closeButton}
                type="button"
                aria-label="Close full-screen view"
                onClick={onClose}
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-white/20"
              >
                <CloseIcon />
              </button>
            </div>
          </div>
          <div className="relative min-h-0 flex-1">
            <ZoomStage
              address={images[index]}
              alt={several ? `${title}, image ${index + 1} of ${count}, enlarged` : `${title}, enlarged`}
              stageRef={stage}
              magnified={magnified}
              focus={magnified ? (magnify?.at ?? null) : null}
              onMagnify={(at) => setMagnified(at, at !== null)}
              several={several}
              onMove={onMove}
            />
            {several && !magnified && (
              <>
                <ZoomArrow direction="previous" onClick={() => onMove("previous")} />
                <ZoomArrow direction="next" onClick={() => onMove("next")} />
              </>
            )}
          </div>
          {several && (
            <>
              <p className="sr-only" aria-live="polite">
                Image {index + 1} of {count}
              </p>
              <ul className="flex justify-center gap-2 overflow-x-auto px-4 py-3">
                {images.map((address, i) => (
                  <li key={`${address}-${i}`} className="shrink-0">
                    <button
                      type="button"
                      aria-label={`Show enlarged image ${i + 1} of ${count}`}
                      aria-current={i === index ? "true" : undefined}
                      onClick={() => onSelect(i)}
                      className={`block w-12 overflow-hidden rounded-md border-2 ${i === index ? "border-white" : "border-transparent opacity-60 hover:opacity-100"}`}
                    >
                      <ProductImage
                        address={address}
                        alt=""
                        sizes="48px"
                        className="aspect-[4/5] h-auto w-full object-cover"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}

function ZoomArrow({ direction, onClick }: { direction: GalleryDirection; onClick: () => void }) {
  const previous = direction === "previous";
  return (
    <button
      type="button"
      aria-label={previous ? "Previous enlarged image" : "Next enlarged image"}
      onClick={onClick}
      className={`absolute top-1/2 -translate-y-1/2 ${previous ? "left-3" : "right-3"} flex h-12 w-12 items-center justify-center rounded-full bg-white/90 text-ink shadow-md transition hover:bg-white`}
    >
      <svg
        aria-hidden="true"
        width="22"
        height="22"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path
          d={previous ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

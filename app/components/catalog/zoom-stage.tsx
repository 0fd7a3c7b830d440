import { type PointerEvent, type RefObject, useLayoutEffect, useRef } from "react";
import { IMAGE_WIDTHS, variantUrl } from "../../../domain/images";
import { useSwipe } from "~/lib/use-swipe";
import type { GalleryDirection } from "../../../domain/gallery";
import { ProductImage } from "./product-image";

/** How much larger a magnified photo is than the photo fitted to the screen. */
export const MAGNIFICATION = 2;
/** Pixels the arrow keys move a magnified photo. */
export const KEY_PAN_PX = 80;
/** Below this many pixels of movement a press on a magnified photo is a tap (it zooms out). */
const TAP_PX = 10;
/** The largest stored variant: what a magnified photo shows (domain/images.ts). */
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];

interface ZoomStageProps {
  address: string | undefined;
  alt: string;
  /** The stage itself, which scrolls when magnified: the dialog pans it with the arrow keys. */
  stageRef: RefObject<HTMLDivElement | null>;
  magnified: boolean;
  /** Magnify around a point of the photo (fractions of its width and height), or zoom out (null). */
  onMagnify: (at: { x: number; y: number } | null) => void;
  /** Where to centre the magnified photo: the point the shopper tapped, else the middle. */
  focus: { x: number; y: number } | null;
  several: boolean;
  onMove: (direction: GalleryDirection) => void;
}

/**
 * The photo in the full-screen view. Fitted to the screen, a tap magnifies it; magnified, it is
 * the largest stored variant at twice the fitted size, in a scrolling stage: dragged with the
 * mouse, panned with a finger (the browser's own scrolling), with the arrow keys (the dialog
 * calls panStage), and a tap zooms out. Swipes page through the photos only when not magnified.
 */
export function ZoomStage({ address, alt, stageRef, magnified, onMagnify, focus, several, onMove }: ZoomStageProps) {
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ id: number; x: number; y: number; left: number; top: number; moved: boolean } | null>(null);
  const swipe = useSwipe({
    enabled: !magnified && Boolean(address),
    swipes: several,
    onSwipe: onMove,
    onTap: (event) => {
      const box = image.current?.getBoundingClientRect();
      if (!box || box.width === 0) return;
      // The photo inside its box (object-contain letterboxes it): the 4:5 frame, centred.
      const width = Math.min(box.width, (box.height * 4) / 5);
      const height = (width * 5) / 4;
      const left = box.left + (box.width - width) / 2;
      const top = box.top + (box.height - height) / 2;
      const inside = (n: number) => Math.min(1, Math.max(0, n));
      onMagnify({ x: inside((event.clientX - left) / width), y: inside((event.clientY - top) / height) });
    },
  });

  // Once magnified, scroll so the point tapped sits in the middle of the screen.
  useLayoutEffect(() => {
    const stage = stageRef.current;
    const img = image.current;
    if (!magnified || !stage || !img) return;
    const at = focus ?? { x: 0.5, y: 0.5 };
    stage.scrollLeft = at.x * img.offsetWidth - stage.clientWidth / 2 + img.offsetLeft;
    stage.scrollTop = at.y * img.offsetHeight - stage.clientHeight / 2 + img.offsetTop;
  }, [magnified, focus, stageRef]);

  if (!magnified || !address) {
    return (
      <div
        ref={stageRef}
        role="group"
        aria-label="Enlarged image"
        className={`absolute inset-0 flex touch-pan-y select-none items-center justify-center px-2 ${address ? "cursor-zoom-in" : ""}`}
        {...swipe}
      >
        <ProductImage
          imgRef={image}
          address={address}
          alt={alt}
          sizes="100vw"
          priority
          className="h-full max-h-full w-auto max-w-full object-contain"
        />
      </div>
    );
  }

  // The photo's 4:5 frame as fitted in the stage (less its padding), then magnified.
  const stageBox = stageRef.current?.getBoundingClientRect() ?? { width: 480, height: 600 };
  const fittedWidth = Math.min(stageBox.width - 16, (stageBox.height * 4) / 5);
  const base = { width: fittedWidth, height: (fittedWidth * 5) / 4 };
  const width = Math.round(base.width * MAGNIFICATION);
  const height = Math.round(base.height * MAGNIFICATION);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    const stage = stageRef.current;
    if (!stage || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag.current = {
      id: event.pointerId,
      x: event.clientX,
      y: event.clientY,
      left: stage.scrollLeft,
      top: stage.scrollTop,
      moved: false,
    };
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    const stage = stageRef.current;
    if (!from || !stage || from.id !== event.pointerId) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.hypot(dx, dy) >= TAP_PX) from.moved = true;
    // A finger pans through the browser's own scrolling; the mouse is moved here.
    if (event.pointerType === "mouse") {
      stage.scrollLeft = from.left - dx;
      stage.scrollTop = from.top - dy;
    }
  }
  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const from = drag.current;
    drag.current = null;
    if (from && from.id === event.pointerId && !from.moved) onMagnify(null);
  }

  return (
    <div
      ref={stageRef}
      role="group"
      aria-label="Enlarged image, magnified: drag, or use the arrow keys, to look around"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      data-magnified=""
      className="absolute inset-0 flex cursor-grab touch-pan-x touch-pan-y select-none overflow-auto overscroll-contain active:cursor-grabbing"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        drag.current = null;
      }}
      onDragStart={(event) => event.preventDefault()}
    >
      <img
        ref={image}
        src={variantUrl(address, LARGEST)}
        alt={alt}
        width={width}
        height={height}
        draggable={false}
        className="m-auto max-h-none max-w-none shrink-0"
        style={{ width, height }}
      />
    </div>
  );
}

/** Moves a magnified stage by the arrow keys; false for any other key. */
export function panStage(stage: HTMLElement | null, key: string): boolean {
  const step: Record<string, [number, number]> = {
    ArrowLeft: [-KEY_PAN_PX, 0],
    ArrowRight: [KEY_PAN_PX, 0],
    ArrowUp: [0, -KEY_PAN_PX],
    ArrowDown: [0, KEY_PAN_PX],
  };
  const move = step[key];
  if (!stage || !move) return false;
  stage.scrollBy({ left: move[0], top: move[1] });
  return true;
}

import { type DragEvent, type PointerEvent, useRef } from "react";
import { type GalleryDirection, swipeDirection } from "../../domain/gallery";

/** Below this many pixels of movement a press on the photo is a tap. */
const TAP_PX = 10;

/**
 * Pointer handlers for a photo that pages by swiping (the product gallery and its full-screen
 * view), to spread on the element: a horizontal swipe (domain/gallery.ts) pages, a press that
 * hardly moved is a tap.
 */
export function useSwipe(options: {
  /** Whether presses are followed at all. */
  enabled: boolean;
  /** Whether a swipe pages (there is more than one photo). */
  swipes: boolean;
  onSwipe: (direction: GalleryDirection) => void;
  onTap?: (event: PointerEvent) => void;
}) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (!options.enabled || (event.pointerType === "mouse" && event.button !== 0)) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      const direction = options.swipes ? swipeDirection(dx, dy) : null;
      if (direction) options.onSwipe(direction);
      else if (Math.hypot(dx, dy) < TAP_PX) options.onTap?.(event);
    },
    onPointerCancel() {
      start.current = null;
    },
    // A dragged photo would otherwise start the browser's own image drag and swallow the swipe.
    onDragStart(event: DragEvent) {
      event.preventDefault();
    },
  };
}

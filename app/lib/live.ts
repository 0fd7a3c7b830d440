import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { toast } from "./toast";
import { type LiveEvent, type LiveNotice, readLiveNotice } from "../../domain/live-events";
import { productsTexts } from "../../domain/shop-messages";
import { useRootData } from "./root-data";

/**
 * The live stream of one browser tab: a single EventSource on /api/events shared by every
 * component that listens. It reconnects with growing pauses after a drop or a server restart
 * and then says "resync", because notices sent meanwhile are lost. When it cannot connect at
 * all, the pages fall back to a one-time load (docs/product.md §8's realtime failure message).
 */

type Listener = (notice: LiveNotice) => void;

const ENDPOINT = "/api/events";
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** Failed attempts in a row before the page says so and loads once by itself. */
const FAILURES_BEFORE_FALLBACK = 3;
/** A navigation unmounts one page's listeners just before the next page's mount: keep the stream meanwhile. */
const IDLE_CLOSE_MS = 5_000;
/** Notices in a burst (an administrator saving several products) cause one reload. */
const REVALIDATE_DEBOUNCE_MS = 150;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
/** Whose stream it is: the signed-in user's id, or "" for a visitor. A new person means a new stream. */
let identity: string | undefined;
let failures = 0;
let droppedSinceOpen = false;
let fallbackShown = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function emit(notice: LiveNotice) {
  for (const listener of [...listeners]) listener(notice);
}

function closeSource() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
}

function connect() {
  retryTimer = undefined;
  const current = new EventSource(ENDPOINT);
  source = current;
  current.onopen = () => {
    if (source !== current) return;
    const recovered = droppedSinceOpen;
    failures = 0;
    droppedSinceOpen = false;
    fallbackShown = false;
    if (recovered) emit({ type: "resync" });
  };
  current.onmessage = (message) => {
    if (source !== current) return;
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch {
      return;
    }
    const notice = readLiveNotice(data);
    if (notice) emit(notice);
  };
  current.onerror = () => {
    if (source !== current) return;
    // The browser's own retry knows no backoff and gives up on an error status: retry here instead.
    current.close();
    source = null;
    failures += 1;
    droppedSinceOpen = true;
    if (failures >= FAILURES_BEFORE_FALLBACK && !fallbackShown) {
      fallbackShown = true;
      toast.error(productsTexts.realtimeFailure);
      emit({ type: "resync" });
    }
    const base = BACKOFF_MS[Math.min(failures - 1, BACKOFF_MS.length - 1)];
    retryTimer = setTimeout(connect, base * (0.8 + Math.random() * 0.4));
  };
}

/** Listens to the tab's stream as `who` (user id, or "" for a visitor). Returns the unsubscribe. */
export function subscribeLive(who: string, listener: Listener): () => void {
  if (typeof window === "undefined" || typeof EventSource === "undefined") return () => {};
  clearTimeout(idleTimer);
  if (identity !== who) {
    // Signed in or out: the stream must be opened with the new session to hear the right orders.
    closeSource();
    identity = who;
    failures = 0;
    droppedSinceOpen = false;
  }
  listeners.add(listener);
  if (!source && !retryTimer) connect();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (listeners.size === 0) closeSource();
      }, IDLE_CLOSE_MS);
    }
  };
}

let pendingRevalidate: ReturnType<typeof setTimeout> | undefined;
let revalidateLatest: () => void = () => {};

/** One reload of the page's loaders for all the notices of a burst, from however many components. */
function requestRevalidation(revalidate: () => void) {
  revalidateLatest = revalidate;
  clearTimeout(pendingRevalidate);
  pendingRevalidate = setTimeout(() => revalidateLatest(), REVALIDATE_DEBOUNCE_MS);
}

/**
 * Reloads the page's data (its loaders, which check who is asking) when a notice matching
 * `filter` arrives, and after a reconnect or a fallback, when anything may have been missed.
 * During a navigation the reload waits for it to finish: revalidate() would restart the
 * navigation without its options (the home grid's "Load more" would lose its scroll position).
 */
export function useLiveRevalidate(filter: (event: LiveEvent) => boolean) {
  const revalidator = useRevalidator();
  const navigating = useNavigation().state !== "idle";
  const who = useRootData()?.user?.id ?? "";
  const filterRef = useRef(filter);
  const revalidateRef = useRef(revalidator.revalidate);
  const navigatingRef = useRef(navigating);
  const owedRef = useRef(false);
  useEffect(() => {
    filterRef.current = filter;
    revalidateRef.current = revalidator.revalidate;
    navigatingRef.current = navigating;
  });
  const reload = useRef(() => {
    if (navigatingRef.current) {
      owedRef.current = true;
      return;
    }
    void revalidateRef.current();
  }).current;
  useEffect(() => {
    if (!navigating && owedRef.current) {
      owedRef.current = false;
      requestRevalidation(reload);
    }
  }, [navigating, reload]);
  useEffect(
    () =>
      subscribeLive(who, (notice) => {
        if (notice.type === "resync" || filterRef.current(notice)) requestRevalidation(reload);
      }),
    [who, reload],
  );
}

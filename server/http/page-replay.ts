/**
 * What the whole app added around a page the page store kept (page-store.ts), for the fast lane
 * (fast-lane.ts) to answer later requests as the app did: its final headers and its route label.
 */
export interface PageReplay {
  /** Final headers, less those each answer sets itself; a value that held the nonce is cut at it. */
  headers: [string, string[]][];
  /** The route label /metrics counts the page under. */
  route: string;
}

/** A kept page as the request that kept it marks it (request-context.ts's `keptPage`). */
export interface KeptPage {
  status: number;
  replay?: PageReplay;
}

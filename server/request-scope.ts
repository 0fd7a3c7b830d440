import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being answered, wherever its work runs (services, better-auth's hooks, page
 * loaders): the logger adds its id, and the account acting in it once the session is known, to
 * every line written meanwhile (server/logger.ts). Domain events (an order's status, a refund, a
 * product, a discount code) thus say who did it and in which request without each service being
 * handed either (docs/decisions/043-operable-logs-and-a-start-that-waits.md).
 */
export interface RequestScope {
  readonly requestId: string;
  /** The signed-in account acting in this request, set once its session is read. */
  accountId?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as part of the request `scope` (server/http/request-context.ts, for every request). */
export function inRequest<T>(scope: RequestScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The request whose work is running, if any (background workers run outside one). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

/** Notes the account acting in the current request (server/auth/service.ts, once its session is read). */
export function noteAccount(accountId: string): void {
  const scope = storage.getStore();
  if (scope) scope.accountId = accountId;
}

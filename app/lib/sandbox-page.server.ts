import { type AppLoadContext, data } from "react-router";
import { isErrorOfKind } from "../../domain/errors";
import { pageNotFound, refusalOf } from "./page-failure.server";

type Viewer = Awaited<ReturnType<AppLoadContext["services"]["auth"]["requireUser"]>>;

/**
 * The sandbox pages' loader (the hosted card page, the wallet approval step): the signed-in
 * shopper's own sandbox payment, read by `read`; anyone else's, a made-up id or a store using
 * the real provider gets the root boundary's 404.
 */
export async function loadSandboxPage<T>(
  request: Request,
  context: AppLoadContext,
  read: (viewer: Viewer) => Promise<T>,
): Promise<T> {
  const viewer = await context.services.auth.requireUser(request);
  try {
    return await read(viewer);
  } catch (error) {
    if (isErrorOfKind(error, "not_found")) pageNotFound();
    throw error;
  }
}

/**
 * The sandbox pages' action: `act` for the shopper; not found is the 404 page, a refusal
 * (paid or closed meanwhile) answers `refused(message)` with its status, anything else is a 500.
 */
export async function actOnSandboxPage<T, R>(
  request: Request,
  context: AppLoadContext,
  act: (viewer: Viewer) => Promise<T>,
  refused: (message: string) => R,
) {
  const viewer = await context.services.auth.requireUser(request);
  try {
    return await act(viewer);
  } catch (error) {
    if (isErrorOfKind(error, "not_found")) pageNotFound();
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return data(refused(refusal.message), { status: refusal.status });
  }
}

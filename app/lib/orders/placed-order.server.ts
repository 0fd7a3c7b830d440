import type { AppLoadContext } from "react-router";
import { isErrorOfKind } from "../../../domain/errors";
import { type PlacedOrderView, placedOrderView } from "./placed-order-view";

type Viewer = Awaited<ReturnType<AppLoadContext["services"]["auth"]["viewer"]>>;

/**
 * The order just paid, as the end of a payment shows it, for the shopper who paid it only:
 * anyone else (a shared link, another account, a visitor) and an id that is no order get null,
 * and the page shows the brief's texts alone. Read with `orders.orderForUser` (one query for the
 * order, its lines and history); issue 23 item 4 may hand the card's confirmation this view in its
 * own single read, and the success page then takes it from there instead.
 */
export async function placedOrderFor(
  context: AppLoadContext,
  viewer: Viewer,
  orderId: string | null | undefined,
): Promise<PlacedOrderView | null> {
  if (!viewer || !orderId) return null;
  try {
    return placedOrderView(await context.services.orders.orderForUser(viewer.id, orderId));
  } catch (error) {
    if (isErrorOfKind(error, "not_found")) return null;
    throw error;
  }
}

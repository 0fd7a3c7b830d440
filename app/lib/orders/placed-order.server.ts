import type { AppLoadContext } from "react-router";
import { isErrorOfKind } from "../../../domain/errors";
import { type PlacedOrderView, placedOrderView } from "./placed-order-view";

type Viewer = Awaited<ReturnType<AppLoadContext["services"]["auth"]["viewer"]>>;

/**
 * The order just paid, as the end of a payment shows it, for the shopper who paid it only:
 * anyone else (a shared link, another account, a visitor) and an id that is no order get null,
 * and the page shows the brief's texts alone. My Orders' `?placed=` reads it here with
 * `orders.orderForUser`; the card's confirmation page takes it from `card.confirm`'s own answer.
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

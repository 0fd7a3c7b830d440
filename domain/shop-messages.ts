/**
 * The texts of the shop pages (docs/product.md §8), word for word: the product list, the cart
 * and reviews. Part of `messages` (domain/messages.ts); a module of its own so the home and
 * product pages download these and not every text of the store
 * (docs/decisions/025-what-the-browser-loads-when.md).
 */
export const productsTexts = {
  realtimeFailure: "Realtime read failed. Trying a one-time fetch...",
  permissionDenied: "Permission denied. Adjust Firestore rules to allow reads on products.",
  loadFailure: "Failed to load products. See console for details.",
  empty: "No products available right now.",
  loading: "Loading product...",
} as const;

export const cartTexts = {
  added: "Added to cart",
  failure: "Could not add to cart",
  noAddress: "Please add a shipping address before checkout",
  notLoggedIn: "Please login to proceed to checkout",
  loginToAdd: "Please login to add items to cart",
  selectSize: "Please select a size",
  selectColor: "Please select a color",
  empty: "Your cart is empty",
  loginToView: "Please log in to view your cart",
} as const;

export const reviewTexts = {
  loginRequired: "Please log in to leave a review.",
  empty: "No reviews yet.",
} as const;

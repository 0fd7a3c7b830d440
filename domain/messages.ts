/**
 * The product's texts (docs/product.md §8), word for word. One place, so screens and servers
 * agree. The shop pages' areas (products, cart, review) live in domain/shop-messages.ts, so
 * the home and product pages download those texts only (docs/decisions/025-what-the-browser-loads-when.md).
 */
import { cartTexts, productsTexts, reviewTexts } from "./shop-messages";

export { cartTexts, productsTexts, reviewTexts };

export const loginTexts = {
  invalidCredential: "Invalid email or password",
  tooManyRequests: "Too many attempts. Please try again later.",
  unverified: "Please verify your email before logging in.",
  success: "Login successful!",
} as const;

export const googleTexts = {
  failure: "Google login failed. Please try again.",
  success: "Google login successful!",
} as const;

export const registerTexts = {
  emailInUse: "Email already exists",
  weakPassword: "Password is too weak",
  invalidEmail: "Invalid email address",
  success: "Verification email sent! Please check your inbox.",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 6 characters long",
  mailNotQueued:
    "We could not send the verification email, so your account was not created. Please try again in a few minutes.",
} as const;

export const profileTexts = {
  success: "Profile updated successfully!",
  failure: "Failed to update profile",
} as const;

export const addressTexts = {
  added: "Address added successfully!",
  updated: "Address updated successfully!",
  defaultUpdated: "Default address updated!",
  deleted: "Address deleted successfully!",
  saveFailed: "Failed to save address",
  defaultFailed: "Failed to update default address",
  deleteFailed: "Failed to delete address",
  confirmDelete: "Are you sure you want to delete this address?",
} as const;

export const adminTexts = {
  productAdded: "Product added",
  productAddFailed: "Failed to add product",
  productDeleted: "Product deleted successfully!",
  productDeleteFailed: "Failed to delete product",
  productUpdated: "Product updated successfully!",
  productUpdateFailed: "Failed to update product",
  productNotFound: "Product not found",
  productLoadFailed: "Failed to load product",
  confirmDeleteProduct: "Are you sure you want to delete this product?",
  titleAndPriceRequired: "Title and price required",
  atLeastOneImage: "Please upload at least one product image",
  /** Beside the add form's disabled submit button while no image is chosen. */
  addImageToSave: "Add at least one image to save.",
  maxImages: "Maximum 5 images allowed in total",
  orderStatusUpdated: (status: string) => `Order status updated to ${status}`,
  orderStatusFailed: "Failed to update order status",
  noFurtherActions: "No further actions available",
  mailRetried: "Email queued to send again",
  mailAlreadySent: "This email has been sent",
  mailAlreadyQueued: "This email is already waiting to be sent",
  mailRetryFailed: "Failed to retry the email",
} as const;

export const checkoutTexts = {
  notLoggedIn: "Please log in to checkout",
  emptyCart: "Your cart is empty",
  selectShipping: "Please select a shipping address",
  cartEmptyForSession: "Cart is empty",
} as const;

export const walletTexts = {
  resultFailed: "Payment failed. Please try again.",
  buttonError: "PayPal payment failed. Please try again.",
  failed: "PayPal payment failed.",
  captureFailed: "PayPal capture failed.",
  cancelled: "Payment cancelled",
  notCompleted: "PayPal payment not completed",
  success: "Payment successful! Order placed.",
  successPaypal: "PayPal payment successful! Order placed.",
  fallback: "Using PayPal sandbox fallback.",
} as const;

export const cardTexts = {
  failure: "Stripe checkout failed. Please try again.",
  redirect: "Redirecting to Stripe Checkout...",
} as const;

export const serverTexts = {
  createFailed: (status: number, text: string, body: string) => `Server create order failed: ${status} ${text} ${body}`,
  missingId: "Invalid response from server: missing id",
  captureFailed: (detail: string) => `Server capture failed: ${detail}`,
  sessionFailed: (body: string) => `Stripe session creation failed: ${body}`,
  invalidSession: "Invalid session response",
  scriptFailed: "Stripe failed to load",
} as const;

export const messages = {
  login: loginTexts,
  google: googleTexts,
  register: registerTexts,
  products: productsTexts,
  cart: cartTexts,
  profile: profileTexts,
  address: addressTexts,
  admin: adminTexts,
  checkout: checkoutTexts,
  wallet: walletTexts,
  card: cardTexts,
  server: serverTexts,
  review: reviewTexts,
} as const;

import { toast } from "./toast";
import { lineImages, type ProductImages } from "../../domain/color-images";
import { cartTexts } from "../../domain/shop-messages";
import { addToCart } from "~/lib/cart";

/**
 * Puts a product in the browser's cart as the shopper chose it and says so: the card's
 * "Add to cart" (one piece, no choice) and the product page's form (size, colour, quantity).
 * The line's pictures are a display copy, the chosen colour's first, as the server prices it.
 */
export function addProductToCart(
  product: ProductImages & { id: string; title: string; priceCents: number },
  choice: { quantity: number; selectedSize: string | null; color: string | null },
): boolean {
  try {
    addToCart({
      productId: product.id,
      title: product.title,
      priceCents: product.priceCents,
      imageUrls: lineImages(product, choice.color),
      quantity: choice.quantity,
      selectedSize: choice.selectedSize,
      color: choice.color,
    });
  } catch {
    // The browser may refuse to store it (storage full or switched off).
    toast.error(cartTexts.failure);
    return false;
  }
  toast.success(cartTexts.added);
  return true;
}

import { missingChoice } from "../../domain/cart-rules";
import { pendingAddPath } from "../../domain/pending-add";
import { loginPathFor } from "../../domain/redirects";

/** A token no other pending add has (domain/pending-add.ts); randomUUID needs a secure page. */
function token(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") {
    return crypto.randomUUID().replaceAll("-", "");
  }
  return Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join("");
}

/**
 * Where a visitor's "Add to cart" sends them: /login, and back to the product with the choice
 * added once they have signed in (docs/decisions/050-server-cart.md). A choice still missing a
 * size or colour comes back to `here` to be finished.
 */
export function loginPathForChoice(
  product: { id: string; sizes: readonly string[]; colors: readonly { name: string }[] },
  choice: { selectedSize: string | null; selectedColor: string | null; quantity: number },
  here: string,
): string {
  const { sizes, colors } = product;
  if (missingChoice({ sizes, colors, selectedSize: choice.selectedSize, selectedColor: choice.selectedColor })) {
    return loginPathFor(here);
  }
  return loginPathFor(
    pendingAddPath(
      {
        productId: product.id,
        selectedSize: sizes.length > 0 ? choice.selectedSize : null,
        color: colors.length > 0 ? choice.selectedColor : null,
        quantity: choice.quantity,
      },
      token(),
    ),
  );
}

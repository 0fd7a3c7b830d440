import { useLocation, useNavigate } from "react-router";
import { toast } from "~/lib/toast";
import { cartTexts } from "../../../domain/shop-messages";
import { loginPathFor } from "../../../domain/redirects";
import type { ProductSummary } from "../../../domain/views";
import { useRootData } from "~/lib/root-data";
import { loginPathForChoice } from "~/lib/pending-add";

interface AddToCartButtonProps {
  product: Pick<ProductSummary, "id" | "title" | "priceCents" | "imageUrls" | "sizes" | "colors" | "stockCount">;
  className?: string;
}

/**
 * "Add to cart" on a product card: a real button. A visitor is told to log in and sent to
 * /login; a signed-in shopper gets one piece added at once, or is taken to the product page
 * to pick size and colour when the product has them. The button sits in a plain GET form, so
 * before JavaScript has loaded it still leads somewhere sensible: the product page, or the
 * login page for a visitor. A sold-out product's button is disabled and says 'Out of Stock'.
 */
export function AddToCartButton({ product, className = "" }: AddToCartButtonProps) {
  const user = useRootData()?.user;
  const navigate = useNavigate();
  const location = useLocation();
  const productHref = `/product/${product.id}`;

  if (product.stockCount <= 0) {
    return (
      <button type="button" disabled aria-label={`Out of Stock: ${product.title}`} className={className}>
        Out of Stock
      </button>
    );
  }

  const loginHref = loginPathFor(location.pathname + location.search);
  const [action, hidden] = user ? [productHref, null] : loginTarget(loginHref);
  const choice =
    product.sizes.length > 0 ? cartTexts.selectSize : product.colors.length > 0 ? cartTexts.selectColor : null;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) {
      toast.error(cartTexts.loginToAdd);
      // A product with nothing to choose comes back added after the login (its token made now, per click).
      navigate(
        loginPathForChoice(
          product,
          { selectedSize: null, selectedColor: null, quantity: 1 },
          location.pathname + location.search,
        ),
      );
      return;
    }
    if (choice) {
      toast.info(choice);
      navigate(productHref);
      return;
    }
    // The cart store comes with the first add: a visitor's home page does without it (docs/decisions/025-what-the-browser-loads-when.md).
    void import("~/lib/add-to-cart").then(({ addProductToCart }) =>
      addProductToCart(product, { quantity: 1, selectedSize: null, color: null }),
    );
  }

  return (
    <form method="get" action={action} onSubmit={onSubmit} className="contents">
      {hidden && <input type="hidden" name="redirectTo" value={hidden} />}
      <button type="submit" aria-label={`Add to cart: ${product.title}`} className={className}>
        Add to cart
      </button>
    </form>
  );
}

/** The login form's action and its redirectTo field: a GET form cannot carry a query string in its action. */
function loginTarget(loginHref: string): [string, string | null] {
  const url = new URL(loginHref, "http://placeholder.invalid");
  return [url.pathname, url.searchParams.get("redirectTo")];
}

import { Link, useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { messages } from "../../domain/messages";
import type { ProductSummary } from "../../server/catalog/service";
import { addToCart } from "../lib/cart";
import { useRootData } from "../root";

interface AddToCartButtonProps {
  product: Pick<ProductSummary, "id" | "title" | "priceCents" | "imageUrls" | "sizes" | "colors">;
  className?: string;
}

/**
 * "Add to cart" on a product card. A visitor is told to log in and sent to /login; a
 * signed-in shopper gets one piece added at once, or is taken to the product page to pick
 * size and colour when the product has them. Both are plain links underneath, so they still
 * lead somewhere sensible before JavaScript has loaded.
 */
export function AddToCartButton({ product, className }: AddToCartButtonProps) {
  const root = useRootData();
  const navigate = useNavigate();
  const location = useLocation();
  const user = root?.user;
  const productHref = `/product/${product.id}`;

  if (!user) {
    const loginHref = `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
    return (
      <Link
        to={loginHref}
        className={className}
        onClick={(event) => {
          event.preventDefault();
          toast.error(messages.cart.loginToAdd);
          navigate(loginHref);
        }}
      >
        Add to cart
      </Link>
    );
  }

  const choice = product.sizes.length > 0 ? messages.cart.selectSize : product.colors.length > 0 ? messages.cart.selectColor : null;
  return (
    <Link
      to={productHref}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        if (choice) {
          toast.info(choice);
          navigate(productHref);
          return;
        }
        try {
          addToCart({
            productId: product.id,
            title: product.title,
            priceCents: product.priceCents,
            imageUrls: product.imageUrls,
            quantity: 1,
            selectedSize: null,
            color: null,
          });
        } catch {
          toast.error(messages.cart.failure);
          return;
        }
        toast.success(messages.cart.added);
      }}
    >
      Add to cart
    </Link>
  );
}

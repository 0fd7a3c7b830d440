import { type BrowserContext, expect, type Page, test, PHONE } from "./fixtures";
import { toast } from "./shop-steps";
import { openAdminOrder } from "./admin-orders";
import { openAccountMenu } from "./account-menu";
import sharp from "sharp";
import routes from "../../app/routes";
import { Sweep } from "./a11y-sweep";
import { buyWithSandboxCard, productId, saveAddress, signIn, uniqueEmail } from "./people";
import { OWNER_STATE, savedState } from "./roles";

/**
 * Accessibility: axe-core on every screen of the store, logged out, as a shopper and as the
 * administrator, at both widths (the desktop and phone projects), with zero violations of any
 * impact. Screens include the states a page can be in (empty and full cart, each checkout
 * panel, form errors) and open menus and dialogs. A screen that is the same for every role but
 * for the header (a product, payment cancelled) is swept once, as a visitor; the shopper's
 * sweep covers the signed-in header (menu open) and the shopper's own screens, the
 * administrator's every screen that differs for them (decision 038). The lists below are the sweep, written out;
 * the first test checks that together they reach every route of app/routes.ts, and each scan
 * checks that the page it looked at is the route it claims. A11Y_SCREENSHOTS=1 also saves a
 * full-page picture of every screen in test-results/screens.
 */

interface Ctx {
  baseURL: string;
  galleryId: string;
  deskTeeId: string;
  /** Set by the shopper's steps as they go. */
  sandboxSession?: string;
  orderNumber?: string;
}

interface Step {
  name: string;
  /** The route module that serves the screen. */
  route: string;
  /** Where the browser may end up when the route redirects (logout, auth/complete), if not on the route itself. */
  lands?: string[];
  go: (page: Page, ctx: Ctx) => Promise<void>;
}

const GALLERY = "E2E Gallery Dress";
const DESK_TEE = "E2E Order Desk Tee";
const h1 = (page: Page, name: string | RegExp) => expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
/** Opens `path` unless the page is there already, untouched by the step before (the screen just swept): one load less (decision 058). */
const stayOrGo = async (page: Page, path: string) => {
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(path);
};

const VISITOR: Step[] = [
  { name: "home", route: "routes/home.tsx", go: async (p) => void (await p.goto("/")) },
  {
    name: "home, nothing found",
    route: "routes/home.tsx",
    go: async (p) => {
      await p.goto("/?q=zzzzqqq");
      await expect(p.getByText("No products match your search.")).toBeVisible();
    },
  },
  {
    name: "home, a category",
    route: "routes/home.tsx",
    go: async (p) => void (await p.goto("/?category=dress&sort=price-asc")),
  },
  { name: "product", route: "routes/product.tsx", go: async (p, c) => void (await p.goto(`/product/${c.galleryId}`)) },
  { name: "cart, signed out", route: "routes/cart.tsx", go: async (p) => void (await p.goto("/cart")) },
  {
    name: "checkout, signed out",
    route: "routes/checkout.tsx",
    // The checkout's login panel, or the login page it leads a visitor to.
    lands: ["routes/checkout.tsx", "routes/login.tsx"],
    go: async (p) => {
      await p.goto("/checkout");
      await p.waitForLoadState("networkidle");
    },
  },
  { name: "login", route: "routes/login.tsx", go: async (p) => void (await p.goto("/login")) },
  {
    name: "login, errors",
    route: "routes/login.tsx",
    go: async (p) => {
      await stayOrGo(p, "/login");
      await p.getByRole("button", { name: /^Login$|^Log in$|^Sign in$/ }).click();
      await expect(p.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  { name: "register", route: "routes/register.tsx", go: async (p) => void (await p.goto("/register")) },
  {
    name: "register, errors",
    route: "routes/register.tsx",
    go: async (p) => {
      await stayOrGo(p, "/register");
      await p.getByRole("button", { name: /Register|Create account|Sign up/ }).click();
      await expect(p.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  {
    name: "forgot password",
    route: "routes/forgot-password.tsx",
    go: async (p) => void (await p.goto("/forgot-password")),
  },
  {
    name: "reset password, bad link",
    route: "routes/reset-password.tsx",
    go: async (p) => void (await p.goto("/reset-password?error=INVALID_TOKEN")),
  },
  {
    name: "reset password, form",
    route: "routes/reset-password.tsx",
    go: async (p) => void (await p.goto("/reset-password?token=sweep-token")),
  },
  {
    name: "verify e-mail, bad link",
    route: "routes/verify-email.tsx",
    go: async (p) => void (await p.goto("/verify-email?error=INVALID_TOKEN")),
  },
  {
    name: "verify e-mail, used link",
    route: "routes/verify-email.tsx",
    go: async (p) => void (await p.goto("/verify-email?error=LINK_USED")),
  },
  {
    name: "Google sign-in failed",
    route: "routes/auth-complete.tsx",
    lands: ["routes/login.tsx"],
    go: async (p) => {
      await p.goto("/auth/complete");
      await expect(toast(p, "Google login failed")).toBeVisible();
    },
  },
  { name: "about", route: "routes/info-page.tsx", go: async (p) => void (await p.goto("/about")) },
  {
    name: "shipping and returns",
    route: "routes/info-page.tsx",
    go: async (p) => void (await p.goto("/shipping-returns")),
  },
  { name: "privacy", route: "routes/info-page.tsx", go: async (p) => void (await p.goto("/privacy")) },
  { name: "terms", route: "routes/info-page.tsx", go: async (p) => void (await p.goto("/terms")) },
  { name: "unknown page", route: "routes/info-page.tsx", go: async (p) => void (await p.goto("/no-such-page")) },
  { name: "unknown address", route: "routes/not-found.tsx", go: async (p) => void (await p.goto("/no/such/address")) },
  {
    name: "unknown product",
    route: "routes/product.tsx",
    go: async (p) => void (await p.goto("/product/00000000-0000-4000-8000-000000000000")),
  },
  {
    name: "payment result, no session",
    route: "routes/payment-success.tsx",
    go: async (p) => void (await p.goto("/payment-success")),
  },
  {
    name: "payment result, unknown session",
    route: "routes/payment-success.tsx",
    go: async (p) => void (await p.goto("/payment-success?session_id=cs_sandbox_nope")),
  },
  {
    name: "payment cancelled",
    route: "routes/payment-cancelled.tsx",
    go: async (p) => void (await p.goto("/payment-cancelled")),
  },
];

const SHOPPER: Step[] = [
  {
    // The signed-in header, with its menu open, over the home page.
    name: "home, account menu open",
    route: "routes/home.tsx",
    go: async (p) => {
      await p.goto("/");
      await openAccountMenu(p);
    },
  },
  { name: "cart, empty", route: "routes/cart.tsx", go: async (p) => void (await p.goto("/cart")) },
  { name: "orders, none", route: "routes/orders.tsx", go: async (p) => void (await p.goto("/orders")) },
  { name: "profile", route: "routes/profile.tsx", go: async (p) => void (await p.goto("/profile")) },
  {
    // Only a form's target: a visit goes to the profile's list (decision 061).
    name: "stock alerts' address",
    route: "routes/stock-alerts.tsx",
    lands: ["routes/profile.tsx"],
    go: async (p) => void (await p.goto("/stock-alerts")),
  },
  {
    name: "stock alerts' unsubscribe, a link not valid",
    route: "routes/stock-alerts-unsubscribe.tsx",
    go: async (p) => {
      await p.goto("/stock-alerts/unsubscribe?token=not.valid");
      await expect(p.getByText("This link is not valid.")).toBeVisible();
    },
  },
  { name: "addresses, none", route: "routes/addresses.tsx", go: async (p) => void (await p.goto("/addresses")) },
  {
    // The order desk's tee, whose stock is there for tests that buy: other tests count the gallery dress's pieces.
    name: "product, size and colour chosen",
    route: "routes/product.tsx",
    go: async (p, c) => {
      await p.goto(`/product/${c.deskTeeId}`);
      await p.getByRole("group", { name: "Size" }).getByRole("button", { name: "M", exact: true }).click();
      await p.getByRole("group", { name: "Color" }).getByRole("button", { name: "Sand" }).click();
      await p.getByRole("button", { name: "Add to cart" }).click();
      await expect(toast(p, "Added to cart")).toBeVisible();
    },
  },
  {
    name: "checkout, no address",
    route: "routes/checkout.tsx",
    go: async (p) => {
      await p.goto("/checkout");
      await h1(p, "Shipping address required");
    },
  },
  {
    name: "addresses, new address form with errors",
    route: "routes/addresses.tsx",
    go: async (p) => {
      await p.goto("/addresses");
      await p.getByRole("button", { name: "Add Address" }).first().click();
      await p.getByRole("button", { name: /^Save/ }).click();
      await expect(p.locator("[aria-invalid=true]").first()).toBeVisible();
    },
  },
  {
    name: "addresses, a British address's form",
    route: "routes/addresses.tsx",
    go: async (p) => {
      await p.getByLabel("Country").selectOption("United Kingdom");
      await expect(p.getByLabel("Postcode")).toBeVisible();
    },
  },
  {
    name: "addresses, from the checkout",
    route: "routes/addresses.tsx",
    go: async (p) => {
      await p.goto("/addresses?from=checkout");
      await expect(p.getByRole("link", { name: "Back to checkout" })).toBeVisible();
    },
  },
  {
    name: "addresses, one saved",
    route: "routes/addresses.tsx",
    go: async (p, c) => {
      await saveAddress(p.context().request, c.baseURL);
      await p.goto("/addresses");
      await expect(p.getByRole("button", { name: /^Delete / })).toBeVisible();
    },
  },
  { name: "cart, one line", route: "routes/cart.tsx", go: async (p) => void (await p.goto("/cart")) },
  {
    name: "checkout",
    route: "routes/checkout.tsx",
    go: async (p) => {
      await p.goto("/checkout");
      await h1(p, "Checkout");
      await expect(p.getByRole("button", { name: "PayPal (sandbox)" })).toBeVisible();
    },
  },
  {
    name: "PayPal sandbox approval",
    route: "routes/sandbox-paypal.tsx",
    go: async (p) => {
      await p.goto("/checkout");
      // The approval page opens in this tab when the window is not allowed.
      await p.evaluate(() => {
        window.open = () => null;
      });
      await p.getByRole("button", { name: "PayPal (sandbox)" }).click();
      await expect(p).toHaveURL(/\/sandbox\/paypal\//);
      await expect(p.getByTestId("sandbox-amount")).toBeVisible();
    },
  },
  {
    name: "checkout, card chosen",
    route: "routes/checkout.tsx",
    go: async (p) => {
      await p.goto("/checkout");
      await p.getByRole("radio", { name: /Pay securely with card using Stripe/ }).check();
      await expect(p.getByRole("button", { name: "Pay with Card (Stripe)" })).toBeVisible();
    },
  },
  {
    name: "card sandbox checkout",
    route: "routes/sandbox-checkout.tsx",
    go: async (p, c) => {
      await p.getByRole("button", { name: "Pay with Card (Stripe)" }).click();
      await expect(p).toHaveURL(/\/sandbox\/checkout\//);
      c.sandboxSession = new URL(p.url()).pathname.split("/").at(-1);
      await expect(p.getByRole("button", { name: /^Pay \$/ })).toBeVisible();
    },
  },
  {
    name: "payment successful",
    route: "routes/payment-success.tsx",
    go: async (p) => {
      await p.getByRole("button", { name: /^Pay \$/ }).click();
      await h1(p, "Payment Successful!");
      // The shopper who paid sees the order in full.
      await expect(p.getByTestId("placed-order")).toBeVisible();
    },
  },
  {
    name: "card sandbox checkout, already paid",
    route: "routes/sandbox-checkout.tsx",
    go: async (p, c) => void (await p.goto(`/sandbox/checkout/${c.sandboxSession}`)),
  },
  { name: "orders, one", route: "routes/orders.tsx", go: async (p) => void (await p.goto("/orders")) },
  {
    // Where the wallet's payment ends: the order just paid in full above the list (issue 23, item 2).
    name: "orders, one just placed",
    route: "routes/orders.tsx",
    go: async (p, c) => {
      const confirmed = await p.request.get(`/api/checkout/stripe-session/${c.sandboxSession}`);
      const { orderId } = await confirmed.json();
      await p.goto(`/orders?placed=${orderId}`);
      await expect(p.getByTestId("placed-order")).toBeVisible();
    },
  },
  {
    name: "signed out",
    route: "routes/logout.tsx",
    lands: ["routes/home.tsx"],
    go: async (p) => {
      await p.goto("/");
      await openAccountMenu(p);
      await p.getByRole("menuitem", { name: "Sign Out" }).click();
      await expect(p.getByRole("link", { name: /^Log ?in$|^Sign in$/ })).toBeVisible();
    },
  },
];

const ADMIN_STEPS: Step[] = [
  { name: "home with edit links", route: "routes/home.tsx", go: async (p) => void (await p.goto("/")) },
  { name: "dashboard overview", route: "routes/admin.tsx", go: async (p) => void (await p.goto("/admin")) },
  {
    name: "dashboard products",
    route: "routes/admin.tsx",
    go: async (p) => void (await p.goto("/admin?tab=products")),
  },
  { name: "dashboard orders", route: "routes/admin.tsx", go: async (p) => void (await p.goto("/admin?tab=orders")) },
  { name: "dashboard mail", route: "routes/admin.tsx", go: async (p) => void (await p.goto("/admin?tab=mail")) },
  {
    name: "dashboard discounts",
    route: "routes/admin.tsx",
    go: async (p) => void (await p.goto("/admin?tab=discounts")),
  },
  {
    name: "dashboard size guides",
    route: "routes/admin.tsx",
    go: async (p) => void (await p.goto("/admin?tab=size-guides&category=dress")),
  },
  {
    name: "dashboard orders, a search",
    route: "routes/admin.tsx",
    go: async (p, c) => void (await p.goto(`/admin?tab=orders&q=${encodeURIComponent(c.orderNumber ?? "")}`)),
  },
  {
    name: "dashboard orders, nothing found",
    route: "routes/admin.tsx",
    go: async (p) => void (await p.goto("/admin?tab=orders&q=nobody-at-all")),
  },
  {
    name: "dashboard order detail",
    route: "routes/admin.tsx",
    go: async (p, c) => void (await openAdminOrder(p, c.orderNumber ?? "")),
  },
  {
    name: "cancel dialog open",
    route: "routes/admin.tsx",
    go: async (p, c) => {
      const cancel = (await openAdminOrder(p, c.orderNumber ?? "")).getByRole("button", { name: "Cancelled" });
      // Before the scripts run it submits (refused without the dialog's confirmation): wait until it opens the dialog.
      await expect(cancel).toHaveAttribute("type", "button");
      await cancel.click();
      await expect(p.getByRole("dialog")).toBeVisible();
    },
  },
  {
    name: "add product",
    route: "routes/admin-add-product.tsx",
    go: async (p) => void (await p.goto("/admin/add-product")),
  },
  {
    name: "add product, errors",
    route: "routes/admin-add-product.tsx",
    go: async (p) => {
      await stayOrGo(p, "/admin/add-product");
      await p.getByRole("button", { name: "Add color" }).click();
      await p.getByLabel("Color 1 name").fill("Sand");
      await p.getByLabel("Choose images").setInputFiles([
        { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") },
        {
          name: "photo.png",
          mimeType: "image/png",
          buffer: await sharp({ create: { width: 80, height: 100, channels: 3, background: "#c2b280" } })
            .png()
            .toBuffer(),
        },
      ]);
      await expect(
        p.getByRole("alert").filter({ hasText: "notes.png is not a PNG, JPEG or WebP image" }),
      ).toBeVisible();
      await p.getByRole("button", { name: "Add Product" }).click();
      await expect(p.getByText("Title and price required").first()).toBeVisible();
    },
  },
  {
    name: "edit product",
    route: "routes/admin-edit-product.tsx",
    go: async (p, c) => void (await p.goto(`/admin/edit-product/${c.galleryId}`)),
  },
  {
    name: "edit product, unknown",
    route: "routes/admin-edit-product.tsx",
    lands: ["routes/admin.tsx"],
    go: async (p) => {
      await p.goto("/admin/edit-product/00000000-0000-4000-8000-000000000000");
      await expect(toast(p, "Product not found")).toBeVisible();
    },
  },
  {
    name: "product as administrator",
    route: "routes/product.tsx",
    go: async (p, c) => void (await p.goto(`/product/${c.galleryId}`)),
  },
];

/** The route module React Router would pick for a path, by the same ranking: static segments before dynamic ones before the splat. */
type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const ROUTES = routes as RouteEntry[];
const ROUTE_FILES = ROUTES.map((r) => r.file);

function routeFor(pathname: string): string | undefined {
  const segments = pathname.split("/").filter(Boolean);
  let best: { file: string; score: number } | undefined;
  for (const route of ROUTES) {
    const pattern = route.index ? [] : (route.path ?? "").split("/").filter(Boolean);
    let score = 0;
    let ok = true;
    if (pattern[0] === "*") score = 0.5;
    else if (pattern.length !== segments.length) ok = false;
    else {
      for (const [i, part] of pattern.entries()) {
        if (part.startsWith(":")) score += 2;
        else if (part === segments[i]) score += 3;
        else ok = false;
      }
      if (!pattern.length) score = 1;
    }
    if (ok && (!best || score > best.score)) best = { file: route.file, score };
  }
  return best?.file;
}

test("the sweep's screens reach every route of app/routes.ts", () => {
  const swept = new Set([...VISITOR, ...SHOPPER, ...ADMIN_STEPS].map((s) => s.route));
  expect([...ROUTE_FILES].filter((file) => !swept.has(file))).toEqual([]);
  // And every screen names a real route, so a typo cannot pass for coverage.
  expect([...swept].filter((file) => !ROUTE_FILES.includes(file))).toEqual([]);
  expect(routeFor("/")).toBe("routes/home.tsx");
  expect(routeFor("/admin/edit-product/abc")).toBe("routes/admin-edit-product.tsx");
  expect(routeFor("/about")).toBe("routes/info-page.tsx");
  expect(routeFor("/a/b/c")).toBe("routes/not-found.tsx");
});

async function run(page: Page, sweep: Sweep, steps: Step[], ctx: Ctx) {
  for (const step of steps) {
    await test.step(step.name, async () => {
      await step.go(page, ctx);
      // The scan is of the route it claims (or, for a route that only redirects, of where it leads).
      expect(step.lands ?? [step.route], `${step.name}: ${page.url()}`).toContain(
        routeFor(new URL(page.url()).pathname),
      );
      await sweep.scan(page, step.route, step.name);
    });
  }
  expect(sweep.report(), "axe-core violations").toBe("");
}

async function fixtureIds(context: BrowserContext, baseURL: string): Promise<Ctx> {
  return {
    baseURL,
    galleryId: await productId(context.request, baseURL, GALLERY),
    deskTeeId: await productId(context.request, baseURL, DESK_TEE),
  };
}

test.describe("axe-core finds nothing", PHONE, () => {
  test("for a visitor", async ({ page, baseURL }, info) => {
    test.setTimeout(180_000);
    const ctx = await fixtureIds(page.context(), String(baseURL));
    await run(page, new Sweep(info, "visitor"), VISITOR, ctx);
  });

  test("for a shopper", async ({ page, baseURL }, info) => {
    test.setTimeout(240_000);
    await signIn(page.context().request, String(baseURL), uniqueEmail("a11y-shopper", info), { name: "Ada Shopper" });
    const ctx = await fixtureIds(page.context(), String(baseURL));
    await run(page, new Sweep(info, "shopper"), SHOPPER, ctx);
  });

  test("for the administrator", async ({ page, browser, baseURL }, info) => {
    test.setTimeout(240_000);
    const base = String(baseURL);
    // An order to look at and to open the cancel dialog on, bought by a shopper of its own.
    const buyer = await browser.newContext();
    await signIn(buyer.request, base, uniqueEmail("a11y-buyer", info), { name: "Bea Buyer" });
    const ctx = await fixtureIds(buyer, base);
    ctx.orderNumber = await buyWithSandboxCard(
      buyer.request,
      base,
      { productId: ctx.deskTeeId, selectedSize: "M", color: "Sand", quantity: 2 },
      await saveAddress(buyer.request, base),
    );
    await buyer.close();
    await page.context().addCookies(savedState(OWNER_STATE).cookies);
    await run(page, new Sweep(info, "admin"), ADMIN_STEPS, ctx);
  });
});

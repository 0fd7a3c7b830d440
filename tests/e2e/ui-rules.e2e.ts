import { expect, type Locator, type Page, type TestInfo, test, PHONE } from "./fixtures";
import { settleMotion } from "./a11y";
import { productId } from "./people";
import { composite, contrastRatio, parseColor, type Rgba, ringContrast } from "../../domain/contrast";

/**
 * The rules every screen keeps (docs/product.md §11): toasts under the header and clear of the
 * page's h1, one at a time, with a close button of 24 px or more; a two-tone focus ring that
 * stands out 3:1 from every control and page; a grid that says it is loading, a progress line
 * for slow navigations, and filters that work without JavaScript. UI_SCREENSHOTS=1 saves
 * pictures of each in test-results/ui-rules.
 */

const GALLERY = "E2E Gallery Dress";
const toasts = (page: Page) => page.locator("[data-sonner-toast]");
const frontToast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]');
const grid = (page: Page) => page.getByRole("list", { name: "Products" });

async function picture(page: Page, info: TestInfo, name: string, clip?: Locator) {
  if (!process.env.UI_SCREENSHOTS) return;
  const path = `test-results/ui-rules/${name}-${info.project.name}.png`;
  if (clip) await clip.screenshot({ path });
  else await page.screenshot({ path });
}

/** Waits until React has taken over `locator`'s element (its handlers are attached). */
async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast in front is below the header, covers neither it nor the page's h1, and closes with a 24 px target. */
async function expectToastClear(page: Page) {
  const toast = frontToast(page);
  await expect(toast).toBeVisible();
  await settleMotion(page);
  const [header, heading, box, close] = await Promise.all([
    page.locator("body > header").boundingBox(),
    page.getByRole("heading", { level: 1 }).boundingBox(),
    toast.boundingBox(),
    toast.locator("[data-close-button]").boundingBox(),
  ]);
  if (!header || !heading || !box || !close) throw new Error("header, h1, toast and its close button are on the page");
  expect(box.y, "the toast starts below the header").toBeGreaterThanOrEqual(header.y + header.height);
  expect(overlaps(box, header), "the toast covers none of the header").toBe(false);
  expect(
    overlaps(box, heading),
    `the toast ${JSON.stringify(box)} covers none of the h1 ${JSON.stringify(heading)}`,
  ).toBe(false);
  expect(close.width, "the close button is 24 px wide or more").toBeGreaterThanOrEqual(24);
  expect(close.height, "the close button is 24 px tall or more").toBeGreaterThanOrEqual(24);
  // The whole close target is inside the toast, none of it over the header.
  expect(close.y).toBeGreaterThanOrEqual(box.y);
  expect(close.x + close.width).toBeLessThanOrEqual(box.x + box.width);
}

test.describe("toasts", () => {
  test(
    "on the product page: under the header, clear of the title, one at a time",
    PHONE,
    async ({ page, request, baseURL }, info) => {
      await page.goto(`/product/${await productId(request, String(baseURL), GALLERY)}`);
      await expect(page.getByRole("heading", { level: 1, name: GALLERY })).toBeVisible();
      const form = page.getByRole("form", { name: "Write a review" });
      await hydrated(form);
      // Sent without scrolling (a click would bring the form into view): the title stays at the top,
      // where on a wide screen it sits under the toasts' column.
      const send = () => form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
      await send();
      await expect(frontToast(page)).toContainText("Please log in to leave a review.");
      await expectToastClear(page);
      await picture(page, info, "toast-product");

      await send();
      await expect(toasts(page)).toHaveCount(2);
      await expectToastClear(page);
      // No ghost edge: the older toast is hidden outright, not shrunk and peeking out behind the newer one.
      const older = page.locator('[data-sonner-toast][data-front="false"]');
      await expect(older).toBeHidden();
      expect(await older.evaluate((element) => getComputedStyle(element).visibility)).toBe("hidden");
    },
  );

  test("after Add to cart sends a visitor to the login page: under the header, clear of its title", async ({
    page,
  }, info) => {
    await page.goto("/");
    const add = grid(page)
      .getByRole("button", { name: /^Add to cart/ })
      .first();
    await hydrated(add);
    await add.click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await expect(frontToast(page)).toContainText("Please login to add items to cart");
    await expectToastClear(page);
    await picture(page, info, "toast-login");
  });
});

/** The colours around a focused control, as the browser computed them. */
async function focusColours(target: Locator) {
  const raw = await target.evaluate((element) => {
    // Any CSS colour (Tailwind's translucent ones compute to oklab) as sRGB bytes, through a canvas.
    const canvas = document.createElement("canvas");
    canvas.width = 1;
    canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true }) as CanvasRenderingContext2D;
    const srgb = (text: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = text;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
      return `rgba(${r}, ${g}, ${b}, ${Math.round((a / 255) * 1000) / 1000})`;
    };
    const style = getComputedStyle(element);
    const surfaces: string[] = [];
    for (let node = element.parentElement; node; node = node.parentElement) {
      surfaces.push(srgb(getComputedStyle(node).backgroundColor));
    }
    const firstShadow = /^(\S+\([^)]*\)|#\w+)\s+(.*)$/.exec(style.boxShadow);
    return {
      focusVisible: element.matches(":focus-visible"),
      outline: srgb(style.outlineColor),
      outlineStyle: style.outlineStyle,
      outlineWidth: Number.parseFloat(style.outlineWidth),
      outlineOffset: Number.parseFloat(style.outlineOffset),
      shadow: firstShadow ? `${srgb(firstShadow[1])} ${firstShadow[2]}` : style.boxShadow,
      background: srgb(style.backgroundColor),
      surfaces,
    };
  });
  const colour = (text: string): Rgba => {
    const parsed = parseColor(text);
    if (!parsed) throw new Error(`a colour the helper reads: ${text}`);
    return parsed;
  };
  // The page behind the control: every ancestor's background painted over the white canvas.
  const page = raw.surfaces.reverse().reduce((under, text) => composite(colour(text), under), colour("#fff"));
  const innerBand = /^(rgba?\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/.exec(raw.shadow);
  return {
    ...raw,
    page,
    control: composite(colour(raw.background), page),
    inner: innerBand ? colour(innerBand[1]) : null,
    innerWidth: innerBand ? Number(innerBand[2]) : 0,
    outer: colour(raw.outline),
  };
}

test.describe("focus ring", () => {
  const controls: { name: string; dark: boolean; find: (page: Page) => Locator }[] = [
    {
      name: "Register (a dark link styled as a button)",
      dark: true,
      find: (p) => p.getByRole("link", { name: "Register" }),
    },
    { name: "Search (a dark button)", dark: true, find: (p) => p.getByRole("button", { name: "Search", exact: true }) },
    {
      name: "the active category (a dark chip)",
      dark: true,
      find: (p) => p.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "All" }),
    },
    {
      name: "a category (a light chip)",
      dark: false,
      find: (p) => p.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Shoes" }),
    },
    { name: "Load more (an outlined link)", dark: false, find: (p) => p.getByRole("link", { name: "Load more" }) },
    {
      name: "View (a secondary link)",
      dark: false,
      find: (p) =>
        grid(p)
          .getByRole("link", { name: /^View / })
          .first(),
    },
    {
      name: "a footer link (on the footer's tint)",
      dark: false,
      find: (p) => p.getByRole("contentinfo").getByRole("link", { name: "Shipping & returns" }),
    },
  ];

  /** Icon buttons over a product photo: the photo's colours are not computed; C40's 9:1 covers them. */
  const iconButtons: typeof controls = [
    {
      name: "Next image (an icon button on a photo)",
      dark: false,
      find: (p) => p.getByRole("button", { name: "Next image" }),
    },
    {
      name: "Zoom (an icon button on a photo)",
      dark: false,
      find: (p) => p.getByRole("button", { name: /^Zoom image/ }),
    },
    {
      name: "Add to cart (the product page's dark button)",
      dark: true,
      find: (p) => p.getByRole("button", { name: "Add to cart", exact: true }),
    },
    {
      name: "Go to checkout (an outlined button)",
      dark: false,
      find: (p) =>
        p.getByRole("button", { name: "Go to checkout" }).or(p.getByRole("link", { name: "Go to checkout" })),
    },
  ];

  async function expectRings(page: Page, list: typeof controls) {
    for (const { name, dark, find } of list) {
      const target = find(page);
      // A key press first: a focus after one is a keyboard focus, which shows the ring.
      await page.keyboard.press("Shift");
      await target.focus();
      // Controls with transition-colors fade their outline's colour in: read the settled ring.
      await settleMotion(page);
      const found = await focusColours(target);
      expect(found.focusVisible, `${name} shows the focus ring`).toBe(true);
      expect(found.outlineStyle, name).toBe("solid");
      expect(found.outlineWidth, name).toBeGreaterThanOrEqual(2);
      expect(found.outlineOffset, `${name}: the outer band leaves room for the inner one`).toBeGreaterThanOrEqual(2);
      expect(found.inner, `${name} has an inner band`).not.toBeNull();
      expect(found.innerWidth, name).toBeGreaterThanOrEqual(2);
      const ring = { inner: found.inner as Rgba, outer: found.outer };
      // Technique C40: tones 9:1 apart, so one of them stands out from any colour.
      expect(contrastRatio(ring.inner, ring.outer), `${name}: the two tones`).toBeGreaterThanOrEqual(9);
      expect(ringContrast(ring, found.control), `${name}: ring against the control`).toBeGreaterThanOrEqual(3);
      expect(ringContrast(ring, found.page), `${name}: ring against the page`).toBeGreaterThanOrEqual(3);
      if (dark) {
        // On a dark control the inner band draws the edge, the outer band the edge against the page.
        expect(contrastRatio(ring.inner, found.control), `${name}: inner band on the button`).toBeGreaterThanOrEqual(3);
        expect(contrastRatio(ring.outer, found.page), `${name}: outer band on the page`).toBeGreaterThanOrEqual(3);
      }
    }
  }

  test("two tones, 3:1 or more against each control and the page behind it", async ({
    page,
    request,
    baseURL,
  }, info) => {
    await page.goto("/");
    await expectRings(page, controls);
    const search = page.getByRole("button", { name: "Search", exact: true });
    await search.focus();
    await picture(page, info, "focus-dark-button", page.locator("form[role=search]"));
    const register = page.getByRole("link", { name: "Register" });
    await register.focus();
    await picture(page, info, "focus-header", page.locator("body > header"));

    await page.goto(`/product/${await productId(request, String(baseURL), GALLERY)}`);
    await expectRings(page, iconButtons);
  });
});

test.describe("pending states", () => {
  test("a slow filter dims the grid, marks it busy and shows the progress line", async ({ page }, info) => {
    await page.goto("/");
    await expect(grid(page)).not.toHaveAttribute("aria-busy", /.*/);
    const shoes = page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Shoes" });
    await hydrated(shoes);
    // The page's data is held until the test has seen the waiting state: no timing involved.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await shoes.click();
    await expect(grid(page)).toHaveAttribute("aria-busy", "true");
    await expect.poll(() => grid(page).evaluate((element) => getComputedStyle(element).opacity)).toBe("0.5");
    const progress = page.getByTestId("navigation-progress");
    // It waits 300 ms before it shows (no flash for a fast page), then stays until the page is there.
    expect(await progress.evaluate((element) => getComputedStyle(element).animationDelay)).toBe("0.3s");
    await expect(progress).toHaveCSS("visibility", "visible");
    await expect(progress).toHaveCSS("opacity", "1");
    await picture(page, info, "grid-dimmed");

    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Shoes");
    await expect(grid(page)).not.toHaveAttribute("aria-busy", /.*/);
    await expect(progress).toHaveCount(0);
    await expect.poll(() => grid(page).evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
  });

  test("Load more keeps the grid as it is and says Loading… on its button", async ({ page }) => {
    await page.goto("/");
    const more = page.getByRole("link", { name: "Load more" });
    await hydrated(more);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await more.click();
    await expect(page.getByRole("link", { name: "Loading…" })).toBeVisible();
    await expect(grid(page)).toHaveAttribute("aria-busy", "true");
    expect(await grid(page).evaluate((element) => getComputedStyle(element).opacity)).toBe("1");
    release();
    await expect(grid(page).getByRole("article")).toHaveCount(24);
  });

  test("with JavaScript the sort applies as it is chosen: no Sort button", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("combobox", { name: "Sort by" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sort", exact: true })).toHaveCount(0);
  });
});

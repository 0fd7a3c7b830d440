import { describe, expect, it } from "vitest";
import {
  addLine,
  CART_STORAGE_KEY,
  CartFullError,
  type CartLine,
  cartItemCount,
  cartLineFromQuote,
  cartTotals,
  countedLines,
  lineKey,
  MAX_CART_LINES,
  MAX_QUANTITY,
  removeLine,
  setQuantity,
} from "./cart";
import type { QuotedLine } from "./checkout-line";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

function line(overrides: Partial<CartLine> = {}): CartLine {
  return {
    productId: A,
    title: "Linen Dress",
    priceCents: 4999,
    quantity: 1,
    imageUrls: ["/media/products/a"],
    selectedSize: "M",
    color: "Sage",
    ...overrides,
  };
}

describe("constants", () => {
  it("are the agreed ones", () => {
    expect(CART_STORAGE_KEY).toBe("cart:v1");
    expect(MAX_QUANTITY).toBe(99);
    expect(MAX_CART_LINES).toBe(50);
  });
});

describe("addLine", () => {
  it.each<
    [
      string,
      CartLine[],
      CartLine,
      { productId: string; selectedSize: string | null; color: string | null; quantity: number }[],
    ]
  >([
    [
      "into an empty cart",
      [],
      line({ quantity: 2 }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: 2 }],
    ],
    [
      "same product, size and colour: quantities add",
      [line({ quantity: 2 })],
      line({ quantity: 3 }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: 5 }],
    ],
    [
      "another size: a new line",
      [line()],
      line({ selectedSize: "L" }),
      [
        { productId: A, selectedSize: "M", color: "Sage", quantity: 1 },
        { productId: A, selectedSize: "L", color: "Sage", quantity: 1 },
      ],
    ],
    [
      "another colour: a new line",
      [line()],
      line({ color: "Terracotta" }),
      [
        { productId: A, selectedSize: "M", color: "Sage", quantity: 1 },
        { productId: A, selectedSize: "M", color: "Terracotta", quantity: 1 },
      ],
    ],
    [
      "another product: a new line",
      [line()],
      line({ productId: B }),
      [
        { productId: A, selectedSize: "M", color: "Sage", quantity: 1 },
        { productId: B, selectedSize: "M", color: "Sage", quantity: 1 },
      ],
    ],
    [
      "no size and no colour merge with each other",
      [line({ selectedSize: null, color: null, quantity: 4 })],
      line({ selectedSize: null, color: null, quantity: 1 }),
      [{ productId: A, selectedSize: null, color: null, quantity: 5 }],
    ],
    [
      "the sum is capped at 99",
      [line({ quantity: 90 })],
      line({ quantity: 20 }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: MAX_QUANTITY }],
    ],
    [
      "a non-number quantity becomes 1",
      [],
      line({ quantity: Number.NaN }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: 1 }],
    ],
    [
      "a quantity below 1 becomes 1",
      [],
      line({ quantity: -4 }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: 1 }],
    ],
    [
      "a huge quantity becomes 99",
      [],
      line({ quantity: 1e9 }),
      [{ productId: A, selectedSize: "M", color: "Sage", quantity: 99 }],
    ],
  ])("%s", (_name, before, added, expected) => {
    const after = addLine(before, added);
    expect(
      after.map(({ productId, selectedSize, color, quantity }) => ({ productId, selectedSize, color, quantity })),
    ).toEqual(expected);
  });

  it("takes the newer title and price when merging, and does not change the given array", () => {
    const before = [line({ priceCents: 4000, title: "Old" })];
    const after = addLine(before, line({ priceCents: 4500, title: "New" }));
    expect(after[0]).toMatchObject({ title: "New", priceCents: 4500, quantity: 2 });
    expect(before[0]).toMatchObject({ title: "Old", priceCents: 4000, quantity: 1 });
  });

  it("refuses a new line in a full cart but still merges into an existing one", () => {
    let lines: CartLine[] = [];
    for (let i = 0; i < MAX_CART_LINES; i++) lines = addLine(lines, line({ color: `c${i}` }));
    expect(lines).toHaveLength(MAX_CART_LINES);
    expect(() => addLine(lines, line({ color: "one too many" }))).toThrow(CartFullError);
    expect(addLine(lines, line({ color: "c0" }))[0].quantity).toBe(2);
  });
});

describe("setQuantity", () => {
  const lines = [line({ quantity: 3 }), line({ selectedSize: "L", quantity: 7 })];
  const key = lineKey(lines[0]);

  it.each<[unknown, number]>([
    [5, 5],
    ["8", 8],
    [0, 1],
    [-1, 1],
    ["abc", 1],
    [Number.NaN, 1],
    [null, 1],
    [1.5, 1],
    [100, MAX_QUANTITY],
    [1e9, MAX_QUANTITY],
  ])("%j -> %i, other lines unchanged", (quantity, expected) => {
    const after = setQuantity(lines, key, quantity);
    expect(after[0].quantity).toBe(expected);
    expect(after[1].quantity).toBe(7);
  });

  it("changes nothing for an unknown key", () => {
    expect(setQuantity(lines, lineKey(line({ productId: B })), 9)).toEqual(lines);
  });
});

describe("removeLine", () => {
  const lines = [
    line({ selectedSize: "M", color: "Sage" }),
    line({ selectedSize: "M", color: "Terracotta" }),
    line({ selectedSize: "L", color: "Sage" }),
    line({ productId: B, selectedSize: null, color: null }),
  ];
  const keys = (ls: CartLine[]) => ls.map((l) => `${l.productId === A ? "A" : "B"}/${l.selectedSize}/${l.color}`);

  it.each<[string, Parameters<typeof removeLine>, string[]]>([
    ["product only: every line of it", [lines, A], ["B/null/null"]],
    ["product and size: that size only", [lines, A, "M"], ["A/L/Sage", "B/null/null"]],
    [
      "product, size and colour: that line only",
      [lines, A, "M", "Sage"],
      ["A/M/Terracotta", "A/L/Sage", "B/null/null"],
    ],
    ["a product without size, by null", [lines, B, null], ["A/M/Sage", "A/M/Terracotta", "A/L/Sage"]],
    [
      "a size the product is not in the cart with",
      [lines, A, "XS"],
      ["A/M/Sage", "A/M/Terracotta", "A/L/Sage", "B/null/null"],
    ],
    ["an unknown product", [lines, "nope"], ["A/M/Sage", "A/M/Terracotta", "A/L/Sage", "B/null/null"]],
  ])("%s", (_name, args, expected) => {
    expect(keys(removeLine(...args))).toEqual(expected);
  });
});

describe("lineKey", () => {
  it("differs by product, size and colour and treats missing as null", () => {
    const keys = new Set([
      lineKey(line()),
      lineKey(line({ productId: B })),
      lineKey(line({ selectedSize: "L" })),
      lineKey(line({ color: "Terracotta" })),
      lineKey(line({ selectedSize: null })),
      lineKey(line({ color: null })),
    ]);
    expect(keys.size).toBe(6);
    expect(lineKey({ productId: A, selectedSize: null, color: null })).toBe(
      lineKey({ productId: A, selectedSize: undefined as unknown as null, color: undefined as unknown as null }),
    );
  });

  it("cannot be confused by separators inside a colour name", () => {
    expect(lineKey(line({ selectedSize: "M", color: "a|b" }))).not.toBe(
      lineKey(line({ selectedSize: "M|a", color: "b" })),
    );
  });
});

describe("cartItemCount", () => {
  it.each<[{ quantity: number }[], number]>([
    [[], 0],
    [[{ quantity: 1 }], 1],
    [[{ quantity: 2 }, { quantity: 3 }], 5],
  ])("%j -> %i", (lines, expected) => {
    expect(cartItemCount(lines)).toBe(expected);
  });
});

describe("countedLines", () => {
  const dressM = line({ quantity: 2 });
  const dressL = line({ selectedSize: "L", quantity: 1 });
  const scarf = line({ productId: B, selectedSize: null, color: null, quantity: 3 });
  const cart = [dressM, dressL, scarf];

  it.each<[string, string[], CartLine[], number]>([
    ["everything when nothing is known to be unbuyable", [], cart, 6],
    ["all but a sold-out line", [lineKey(scarf)], [dressM, dressL], 3],
    ["only the size that cannot be bought", [lineKey(dressL)], [dressM, scarf], 5],
    ["nothing when every line is unbuyable", cart.map(lineKey), [], 0],
    ["all lines when the unbuyable one has left the cart", [lineKey(line({ productId: B, color: "Red" }))], cart, 6],
  ])("counts %s", (_what, keys, expected, pieces) => {
    const counted = countedLines(cart, new Set(keys));
    expect(counted).toEqual(expected);
    // The badge and the subtotal label read the same pieces.
    expect(cartItemCount(counted)).toBe(pieces);
  });
});

describe("cartTotals (docs/product.md §9)", () => {
  it.each<[string, { priceCents: number; quantity: number }[], [number, number, number, number]]>([
    ["empty cart: all zero, no shipping", [], [0, 0, 0, 0]],
    ["one line", [{ priceCents: 1000, quantity: 1 }], [1000, 100, 10, 1110]],
    ["quantities multiply", [{ priceCents: 4999, quantity: 3 }], [14997, 1500, 10, 16507]],
    [
      "several lines",
      [
        { priceCents: 1999, quantity: 2 },
        { priceCents: 550, quantity: 1 },
      ],
      [4548, 455, 10, 5013],
    ],
    // 10 % of 5 cents is half a cent: rounded up.
    ["half a cent of tax rounds up", [{ priceCents: 5, quantity: 1 }], [5, 1, 10, 16]],
    ["less than half a cent rounds down", [{ priceCents: 4, quantity: 1 }], [4, 0, 10, 14]],
    ["0.45 of a cent rounds down", [{ priceCents: 1234, quantity: 1 }], [1234, 123, 10, 1367]],
    ["0.5 of a cent rounds up", [{ priceCents: 1235, quantity: 1 }], [1235, 124, 10, 1369]],
    ["a free item still ships", [{ priceCents: 0, quantity: 1 }], [0, 0, 10, 10]],
    [
      "float-unfriendly prices stay exact",
      [
        { priceCents: 10, quantity: 3 },
        { priceCents: 20, quantity: 1 },
      ],
      [50, 5, 10, 65],
    ],
    ["big order", [{ priceCents: 999_999, quantity: 99 }], [98_999_901, 9_899_990, 10, 108_899_901]],
  ])("%s", (_name, lines, [subtotalCents, taxCents, shippingCents, totalCents]) => {
    expect(cartTotals(lines)).toEqual({ subtotalCents, taxCents, shippingCents, totalCents });
  });

  it.each<[string, { priceCents: number; quantity: number }]>([
    ["a fractional price", { priceCents: 10.5, quantity: 1 }],
    ["a negative price", { priceCents: -100, quantity: 1 }],
    ["a zero quantity", { priceCents: 100, quantity: 0 }],
    ["a fractional quantity", { priceCents: 100, quantity: 1.5 }],
    ["a NaN quantity", { priceCents: 100, quantity: Number.NaN }],
  ])("refuses %s", (_name, bad) => {
    expect(() => cartTotals([bad])).toThrow(RangeError);
  });
});

describe("cartLineFromQuote", () => {
  const quoted: QuotedLine = {
    productId: A,
    title: "Linen Dress",
    imageUrls: ["/media/products/a"],
    selectedSize: "M",
    color: "Sage",
    quantity: 2,
    unitPriceCents: 4999,
    lineTotalCents: 9998,
    stockCount: 7,
    problem: null,
  };

  it.each([
    ["keeps the choice and takes the catalogue's price, title and pictures", quoted, line({ quantity: 2 })],
    [
      "a line without size or colour stays without them",
      { ...quoted, selectedSize: null, color: null, quantity: 1 },
      line({ selectedSize: null, color: null }),
    ],
  ])("%s", (_name, input, expected) => {
    expect(cartLineFromQuote(input)).toEqual(expected);
  });

  it("leaves the quote's stock figures and problem out of the browser's line", () => {
    expect(Object.keys(cartLineFromQuote({ ...quoted, stockCount: 0, problem: "out_of_stock" })).sort()).toEqual([
      "color",
      "imageUrls",
      "priceCents",
      "productId",
      "quantity",
      "selectedSize",
      "title",
    ]);
  });
});

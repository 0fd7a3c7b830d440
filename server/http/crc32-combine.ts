/**
 * CRC-32 (the gzip one, reflected polynomial 0xEDB88320) of a concatenation from the CRCs of its
 * parts, without reading the bytes again: the algorithm of zlib's crc32_combine (zlib 1.2.12+,
 * multiplication modulo the polynomial, x^(2^n) from a table). Node does not expose it, so it is
 * written here (decision 064): the page store fills a kept page's gzip body with a fresh nonce per
 * answer (gzip-template.ts), and the CRC of a 60 KB page was a few percent of a kept answer's CPU.
 */
const POLY = 0xedb88320;
/** x^0 in this representation (the reflected bit order puts the lowest power at the top). */
const ONE = 0x80000000;

/** a(x) · b(x) modulo the polynomial. */
export function multiplyModP(a: number, b: number): number {
  let m = ONE;
  let product = 0;
  let factor = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      product ^= factor;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    factor = factor & 1 ? (factor >>> 1) ^ POLY : factor >>> 1;
  }
  return product >>> 0;
}

/** X2N[k] = x^(2^k) modulo the polynomial. */
const X2N: number[] = (() => {
  const table = [ONE >>> 1];
  for (let k = 1; k < 32; k++) table.push(multiplyModP(table[k - 1], table[k - 1]));
  return table;
})();

/** x^(8·bytes) modulo the polynomial: what a CRC is multiplied by to move it past `bytes` more bytes. */
export function shiftFor(bytes: number): number {
  let product = ONE;
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) if (n % 2 === 1) product = multiplyModP(X2N[k & 31], product);
  return product;
}

/**
 * A shift made ready to apply many times: multiplying by it is linear in the other factor, so its
 * products with each 4-bit value in each of the eight nibble positions, XORed, give the product
 * with any CRC: eight reads of a 512-byte table instead of up to 32 steps.
 */
export type ShiftTable = Uint32Array;

export function shiftTable(bytes: number): ShiftTable {
  const shift = shiftFor(bytes);
  const table = new Uint32Array(128);
  for (let position = 0; position < 8; position++)
    for (let value = 0; value < 16; value++)
      table[position * 16 + value] = multiplyModP(shift, (value << (4 * position)) >>> 0);
  return table;
}

/** The CRC-32 of A then B, from crc(A), crc(B) and the shift table of B's length. */
export function combineCrc32(crcA: number, crcB: number, shiftB: ShiftTable): number {
  return (
    (shiftB[crcA & 0xf] ^
      shiftB[16 + ((crcA >>> 4) & 0xf)] ^
      shiftB[32 + ((crcA >>> 8) & 0xf)] ^
      shiftB[48 + ((crcA >>> 12) & 0xf)] ^
      shiftB[64 + ((crcA >>> 16) & 0xf)] ^
      shiftB[80 + ((crcA >>> 20) & 0xf)] ^
      shiftB[96 + ((crcA >>> 24) & 0xf)] ^
      shiftB[112 + (crcA >>> 28)] ^
      crcB) >>>
    0
  );
}

import { randomBytes } from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { combineCrc32, multiplyModP, shiftFor, shiftTable } from "./crc32-combine";

/** zlib's own CRC-32 of the whole is the reference. */
const crc = (bytes: Buffer) => zlib.crc32(bytes);

describe("combineCrc32", () => {
  it("applies a shift table as the shift itself multiplies", () => {
    for (const bytes of [0, 1, 24, 4096, 65_537]) {
      const table = shiftTable(bytes);
      for (let i = 0; i < 200; i++) {
        const crc = randomBytes(4).readUInt32LE(0);
        expect(combineCrc32(crc, 0, table)).toBe(multiplyModP(shiftFor(bytes), crc));
      }
    }
  });

  const sizes: [number, number][] = [
    [0, 0],
    [0, 5],
    [5, 0],
    [1, 1],
    [24, 24],
    [3, 60_000],
    [60_000, 24],
    [65_536, 65_537],
    [1_000_003, 17],
  ];
  it.each(sizes)("gives zlib's CRC of %i then %i bytes", (a, b) => {
    const left = randomBytes(a);
    const right = randomBytes(b);
    expect(combineCrc32(crc(left), crc(right), shiftTable(b))).toBe(crc(Buffer.concat([left, right])));
  });

  it("chains over many pieces, as a page cut at its nonces is put back together", () => {
    for (let round = 0; round < 50; round++) {
      const pieces = Array.from({ length: 1 + (round % 7) }, (_, i) => randomBytes((round * 977 + i * 131) % 5000));
      let whole = crc(pieces[0]);
      for (const piece of pieces.slice(1)) whole = combineCrc32(whole, crc(piece), shiftTable(piece.length));
      expect(whole).toBe(crc(Buffer.concat(pieces)));
    }
  });

  it("knows the text every CRC-32 implementation is checked against", () => {
    const [a, b] = [Buffer.from("12345"), Buffer.from("6789")];
    expect(combineCrc32(crc(a), crc(b), shiftTable(b.length))).toBe(0xcbf43926);
  });
});

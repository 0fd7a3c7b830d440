import zlib from "node:zlib";
import { combineCrc32, type ShiftTable, shiftTable } from "./crc32-combine";

/** Nonces all have one length (hono's: 24 characters): its shift table is made once. */
const nonceShifts = new Map<number, ShiftTable>();
function nonceShiftTable(length: number): ShiftTable {
  let table = nonceShifts.get(length);
  if (!table) {
    table = shiftTable(length);
    if (nonceShifts.size < 64) nonceShifts.set(length, table);
  }
  return table;
}

/**
 * A gzip body made once and answered many times with a different CSP nonce each time
 * (docs/decisions/024-visitor-page-cache.md). The page is cut at its nonce; each piece is
 * deflated on its own (no reference into another piece) and ends on a byte boundary with a
 * sync flush, so the pieces can be laid end to end with the nonce between them as a stored
 * (uncompressed) deflate block, then a final empty block, inside a gzip header and trailer
 * (RFC 1951 §3.2.4, RFC 1952). Per answer this costs a CRC-32 of the page and a copy, instead
 * of compressing the page again.
 */
export interface GzipTemplate {
  /** The deflated pieces, in order. */
  pieces: Buffer[];
  /** The pieces as text bytes, for the length of the whole. */
  raw: Buffer[];
  /** Each piece's CRC-32, and what moves a CRC past it (crc32-combine.ts): the whole's CRC without reading the page again. */
  crcs: number[];
  shifts: ShiftTable[];
}

const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
/** BFINAL=1, BTYPE=00 (stored), LEN=0, NLEN=0xffff. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

export function compressTemplate(parts: readonly string[]): GzipTemplate {
  const raw = parts.map((part) => Buffer.from(part, "utf8"));
  const pieces = raw.map((bytes) => zlib.deflateRawSync(bytes, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }));
  return {
    pieces,
    raw,
    crcs: raw.map((bytes) => zlib.crc32(bytes)),
    shifts: raw.map((bytes) => shiftTable(bytes.length)),
  };
}

/** The gzip body of the template with `nonce` between its pieces. */
export function fillGzipTemplate(template: GzipTemplate, nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce, "utf8");
  if (nonceBytes.length > 0xffff) throw new Error("A nonce this long does not fit in one stored block");
  const stored = Buffer.alloc(5 + nonceBytes.length);
  // BFINAL=0, BTYPE=00: the header bits and the padding to the byte boundary make one zero byte.
  stored[0] = 0x00;
  stored.writeUInt16LE(nonceBytes.length, 1);
  stored.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
  nonceBytes.copy(stored, 5);

  const chunks: Buffer[] = [HEADER];
  const nonceCrc = zlib.crc32(nonceBytes);
  const nonceShift = nonceShiftTable(nonceBytes.length);
  let crc = 0;
  let size = 0;
  template.pieces.forEach((piece, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = combineCrc32(crc, nonceCrc, nonceShift);
      size += nonceBytes.length;
    }
    chunks.push(piece);
    crc = index === 0 ? template.crcs[0] : combineCrc32(crc, template.crcs[index], template.shifts[index]);
    size += template.raw[index].length;
  });
  chunks.push(FINAL_EMPTY_BLOCK);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(trailer);
  const body = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return body;
}

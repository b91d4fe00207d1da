import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Pieces of deflate that join into one gzip stream (as pigz joins its blocks): each piece is raw deflate ended by a
 * sync flush (byte-aligned, not final), with the CRC-32 and length of its plain bytes. Browsers read only the first
 * member of a multi-member gzip, so the open data's stored parts are joined into a single member when sent.
 */
export interface DeflatePiece {
  deflate: Buffer;
  crc: number;
  length: number;
}

export function deflatePiece(plain: Buffer): DeflatePiece {
  return { deflate: deflateRawSync(plain, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }), crc: crc32(plain), length: plain.length };
}

/** RFC 1952 header: deflate, no name or comment, no time, unknown OS. */
export const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty fixed-Huffman block: ends the deflate stream the pieces began. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** Bytes a gzip stream adds around its pieces' deflate. */
export const GZIP_OVERHEAD = GZIP_HEADER.length + FINAL_BLOCK.length + 8;

/** The end of the stream: the final block, then the CRC-32 and length (mod 2^32) of all the plain bytes. */
export function gzipTrailer(crc: number, length: number): Buffer {
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([FINAL_BLOCK, trailer]);
}

function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let index = 0; vector !== 0; index++, vector >>>= 1) if (vector & 1) sum ^= matrix[index];
  return sum >>> 0;
}

function gf2Square(square: Uint32Array, matrix: Uint32Array): void {
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]);
}

/** The CRC-32 of A followed by B from A's and B's (zlib's crc32_combine, which Node does not expose). */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  if (lengthB <= 0) return crcA >>> 0;
  const even = new Uint32Array(32);
  const odd = new Uint32Array(32);
  odd[0] = 0xedb88320;
  for (let n = 1, row = 1; n < 32; n++, row = (row << 1) >>> 0) odd[n] = row;
  gf2Square(even, odd);
  gf2Square(odd, even);
  let crc = crcA >>> 0;
  let length = lengthB;
  for (;;) {
    gf2Square(even, odd);
    if (length % 2) crc = gf2Times(even, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
    gf2Square(odd, even);
    if (length % 2) crc = gf2Times(odd, crc);
    length = Math.floor(length / 2);
    if (length === 0) break;
  }
  return (crc ^ crcB) >>> 0;
}

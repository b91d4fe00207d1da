import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePiece, GZIP_HEADER, gzipTrailer } from './gzip-parts';

describe('deflate pieces joined into one gzip member', () => {
  it('combine CRC-32s as zlib does, and join into a stream any gunzip reads whole', () => {
    const texts = ['id,name\r\n', '1,Olive Tree\r\n'.repeat(500), '', 'ü'.repeat(70_000), ',\n'];
    const plain = Buffer.concat(texts.map((text) => Buffer.from(text)));
    const pieces = texts.map((text) => deflatePiece(Buffer.from(text)));
    let crc = 0;
    for (const piece of pieces) crc = crc32Combine(crc, piece.crc, piece.length);
    expect(crc).toBe(crc32(plain));
    const stream = Buffer.concat([GZIP_HEADER, ...pieces.map((piece) => piece.deflate), gzipTrailer(crc, plain.length)]);
    expect(gunzipSync(stream).equals(plain)).toBe(true);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageRejectedError } from './image-errors';
import { detectImageType } from './image-type';
import { ImageRepository, MAX_INPUT_PIXELS } from './image.repository';

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 120, g: 160, b: 90 } } });

describe('image types by their first bytes (CONTRACT.md: JPEG, PNG, GIF or WebP by content)', () => {
  it('knows GIF87a, GIF89a and WebP as sharp writes them', async () => {
    expect(detectImageType(await solid(4, 4).gif().toBuffer())).toBe('gif');
    expect(detectImageType(Buffer.from('GIF87a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(detectImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBe('gif');
    expect(detectImageType(await solid(4, 4).webp().toBuffer())).toBe('webp');
  });

  it('refuses look-alikes: another GIF version, a RIFF that is not WEBP, WEBP at the wrong offset', () => {
    expect(detectImageType(Buffer.from('GIF88a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF8', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x24\x00\x00\x00WAVEfmt ', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFFWEBP\x00\x00\x00\x00VP8 ', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});

describe('decoding is bounded (CONTRACT.md: about 25 megapixels)', () => {
  const images = new ImageRepository();

  it('resizes GIF and WebP uploads', async () => {
    for (const input of [await solid(40, 30).gif().toBuffer(), await solid(40, 30).webp().toBuffer()]) {
      const outputs = await images.squareWebp(input, [16]);
      expect(await sharp(outputs.get(16)!).metadata()).toMatchObject({ format: 'webp', width: 16, height: 16 });
    }
  });

  it(`refuses an image of more than ${MAX_INPUT_PIXELS} pixels and decodes one at the bound`, async () => {
    expect(MAX_INPUT_PIXELS).toBe(25_000_000);
    // JPEG: sharp shrinks it while decoding, so the image at the bound stays cheap to check.
    const atBound = await solid(5000, 5000).jpeg().toBuffer();
    expect((await images.squareWebp(atBound, [16])).get(16)).toBeDefined();
    const overBound = await solid(5001, 5000).jpeg().toBuffer();
    const refusal = await images.squareWebp(overBound, [16]).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ImageRejectedError);
    expect((refusal as Error).message).toMatch(/pixel limit/);
    // Encoding two 25-megapixel JPEGs takes seconds on a busy 2-core machine.
  }, 30_000);
});

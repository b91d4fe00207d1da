import sharp from 'sharp';
import { ImageRejectedError } from './image-errors';
import { detectImageType, type ImageType } from './image-type';

// Avatars are decoded once and never again: a pixel cache only holds memory.
sharp.cache(false);

/** About 25 megapixels: bounds the memory a hostile image can make the decoder use. */
export const MAX_INPUT_PIXELS = 25_000_000;

/** Image processing behind one seam, so services never touch sharp directly. */
export class ImageRepository {
  /**
   * Square WebP thumbnails, one per size, centre-cropped, oriented from EXIF, with every bit
   * of metadata (EXIF, GPS, ICC comments) left out. Throws ImageRejectedError for input that
   * is not a JPEG, PNG, GIF or WebP, or that the decoder refuses.
   */
  async squareWebp(input: Buffer, sizes: readonly number[]): Promise<Map<number, Buffer>> {
    if (!detectImageType(input)) throw new ImageRejectedError('Not a JPEG, PNG, GIF or WebP image');
    try {
      const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
      const outputs = await Promise.all(
        sizes.map((size) => decoded.clone().resize(size, size, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer()),
      );
      return new Map(sizes.map((size, i) => [size, outputs[i]]));
    } catch (error) {
      // The same bytes fail the same way every time, so there is nothing to retry.
      throw new ImageRejectedError(`Image could not be decoded: ${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * WebP copies at each width, the upload's proportions kept, oriented from EXIF, with every bit of metadata (EXIF,
   * GPS, XMP, ICC comments) left out; never wider than the upload, so a narrow one gives fewer sizes. Throws
   * ImageRejectedError for input that is not one of `types`, or that the decoder refuses.
   */
  async widthWebp(input: Buffer, widths: readonly number[], types: readonly ImageType[]): Promise<ResizedImage[]> {
    const type = detectImageType(input);
    if (!type || !types.includes(type)) throw new ImageRejectedError(`Not one of ${types.join(', ')}`);
    try {
      const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false }).autoOrient();
      const uploadWidth = (await decoded.metadata()).autoOrient.width;
      const targets = [...new Set(widths.map((width) => Math.min(width, uploadWidth)))].sort((a, b) => a - b);
      return await Promise.all(
        targets.map(async (width) => {
          const { data, info } = await decoded.clone().resize({ width }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
          return { width: info.width, height: info.height, data };
        }),
      );
    } catch (error) {
      throw new ImageRejectedError(`Image could not be decoded: ${(error as Error).message}`, { cause: error });
    }
  }
}

export interface ResizedImage {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * The input can never be processed (not an image, corrupt, too large). `permanent` tells the
 * job edge not to retry.
 */
export class ImageRejectedError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageRejectedError';
  }
}

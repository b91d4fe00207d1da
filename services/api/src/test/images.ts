/** Small real images of each accepted type, and a form carrying one as the upload's `file` field. */
export const IMAGES = {
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a2b3f1d90000000049454e44ae426082',
    'hex',
  ),
  gif87a: Buffer.from('474946383761010001008000000000000000002c00000000010001000002024401003b', 'hex'),
  gif89a: Buffer.from('47494638396101000100800000ffffff00000021f90401000000002c00000000010001000002024401003b', 'hex'),
  webp: Buffer.from('524946461a000000574542505650384c0d0000002f0000001007101111888808feffff07', 'hex'),
};

export function imageForm(data: Buffer, name = 'picture.bin', type = 'application/octet-stream'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return body;
}

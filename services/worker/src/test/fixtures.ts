import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import sharp from 'sharp';
import type { User } from '@zaytoon/contract';
import type { PhotosService } from '@zaytoon/core';

export async function insertUser(
  db: pg.Pool,
  overrides: Partial<{ name: string; email: string; isAdmin: boolean; picture: string; emailConfirmed: boolean }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const { rows } = await db.query<{ id: number; email: string; name: string }>(
    `INSERT INTO users (email, username, name, password_hash, is_admin, picture, email_confirmed_at)
     VALUES ($1, $2, $3, 'not-a-real-hash', $4, $5, CASE WHEN $6 THEN now() END) RETURNING id, email, name`,
    [
      overrides.email ?? `u${suffix}@example.com`,
      `user_${suffix}`,
      overrides.name ?? `User ${suffix}`,
      overrides.isAdmin ?? false,
      overrides.picture ?? null,
      overrides.emailConfirmed ?? false,
    ],
  );
  return rows[0];
}

export async function insertBusiness(db: pg.Pool, overrides: Partial<{ name: string; postcode: string; ownerId: number; verified: boolean }> = {}) {
  const { rows } = await db.query<{ id: number; name: string }>(
    // A verified business has a standing verification: verified today, in person.
    `INSERT INTO businesses (name, address, city, postcode, category, owner_id, verified_on, verification_method)
     VALUES ($1, '1 High Street', 'London', $2, 'Cafe', $3, CASE WHEN $4 THEN current_date END, CASE WHEN $4 THEN 'Visited in person' END)
     RETURNING id, name`,
    [
      overrides.name ?? `Olive Cafe ${randomBytes(2).toString('hex')}`,
      overrides.postcode ?? 'SW1A 1AA',
      overrides.ownerId ?? null,
      overrides.verified ?? false,
    ],
  );
  return rows[0];
}

/** A JPEG from a phone: camera fields and the GPS position of the shop, which the sizes must not keep. */
export async function phonePhoto(width = 2000, height = 1500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 110, b: 70 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Secret Model' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2640/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3960/100' },
    })
    .toBuffer();
}

/** A new member, as the photos service sees its uploader, and a new business to upload to. */
export async function uploaderAndBusiness(db: pg.Pool) {
  const member = await insertUser(db);
  const business = await insertBusiness(db);
  return { uploader: { id: member.id, is_admin: false } as User, businessId: business.id };
}

/** Uploads the image as the API does, under the usual licence. */
export const uploadPhoto = (photos: PhotosService, uploader: User, businessId: number, image: Buffer, altText: string) =>
  photos.upload(businessId, { buffer: image, size: image.length }, { alt_text: altText, licence: 'CC BY-SA 4.0' }, uploader);

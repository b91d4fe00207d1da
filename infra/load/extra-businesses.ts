import type pg from 'pg';

/** Adds `count` varied businesses in one INSERT … SELECT, for load tests only. */
export async function seedExtraBusinesses(pool: pg.Pool, count: number): Promise<number> {
  const result = await pool.query(
    `INSERT INTO businesses (name, address, city, postcode, category, description, phone, website, proof_of_support,
                             business_hours, social_media, latitude, longitude, verified_on, verification_method)
     SELECT (ARRAY['Olive','Cedar','Jaffa','Hebron','Nablus','Gaza','Tatreez','Zaytoun','Sumud','Karama'])[1 + i % 10] || ' ' ||
            (ARRAY['Kitchen','Bakery','Books','Cafe','Grocery','Studio','Soap House','Tech','Garden Centre','Beauty'])[1 + (i / 10) % 10] || ' ' || i,
            i || ' High Street',
            (ARRAY['London','Manchester','Birmingham','Leeds','Glasgow','Bristol','Liverpool','Cardiff','Leicester','Belfast'])[1 + i % 10],
            (ARRAY['E1 6AN','M1 1AE','B1 1AA','LS1 1BA','G1 1AA','BS1 4DJ','L1 8JQ','CF10 1AA','LE1 1AA','BT1 1AA'])[1 + i % 10],
            (ARRAY['Restaurant','Bakery','Bookshop','Cafe','Grocery','Arts & Crafts','Beauty & Wellness','Tech & Services','Home & Garden','Clothing'])[1 + (i / 10) % 10],
            'Independent business number ' || i || ' serving falafel, coffee and community events.',
            '020 7946 0' || lpad((i % 1000)::text, 3, '0'),
            'https://business' || i || '.example',
            'Supports Palestinian producers.',
            '{"monday":"9:00 AM - 6:00 PM","sunday":"Closed"}'::jsonb,
            '{}'::jsonb,
            51 + (i % 500) / 100.0, -3 + (i % 300) / 100.0,
            CASE WHEN i % 3 = 0 THEN current_date - i % 300 END,
            CASE WHEN i % 3 = 0 THEN 'Public statement' END
       FROM generate_series(1, $1::int) AS i`,
    [count],
  );
  return result.rowCount ?? 0;
}

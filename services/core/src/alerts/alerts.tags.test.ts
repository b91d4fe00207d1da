import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, alertInputSchema, businessInputSchema } from '@zaytoon/contract';
import { BrandsRepository } from '../brands/brands.repository';
import { setUpAlertsTest } from './alerts.test-setup';

const { setup, save, browse, mailedToday } = setUpAlertsTest({
  database: 'alert_tags',
  idStart: 500,
  member: { email: 'alert-tags@example.com', username: 'alerttags', name: 'Alert Tags' },
});
let brands: BrandsRepository;
let brandId: number;

beforeAll(async () => {
  brands = new BrandsRepository(setup.db);
  brandId = (await brands.insert({ name: 'Examplebucks', slug: 'examplebucks', reason: 'Boycotted' }, setup.memberId))!;
});

const CITY = 'Tagham';
async function add(name: string): Promise<number> {
  const business = await setup.businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city: CITY, postcode: 'LS1 1AA' }),
    setup.memberId,
    false,
  );
  return business.id;
}

describe("alerts keep /browse's 'Alternative to…' and 'Palestinian products'", () => {
  let onBrand: number;
  let onOliveOil: number;
  let onAnyProduct: number;

  it("saves them with the brand's and the type's names; the same filters without them are another alert", async () => {
    const saved = await save({ city: CITY, alternative_to: 'examplebucks' });
    expect(saved).toMatchObject({ city: CITY, alternative_to: 'examplebucks', alternative_to_name: 'Examplebucks', palestinian_product: null });
    onBrand = saved.id;
    const oliveOil = await save({ palestinian_product: 'olive-oil' });
    expect(oliveOil).toMatchObject({ palestinian_product: 'olive-oil', palestinian_product_name: 'Olive oil', alternative_to: null });
    onOliveOil = oliveOil.id;
    onAnyProduct = (await save({ palestinian_product: 'any' })).id;
    await save({ city: CITY });
    await expect(save({ city: CITY.toUpperCase(), alternative_to: 'examplebucks' })).rejects.toThrow(MESSAGES.alertExists);
    expect(alertInputSchema.parse({ alternative_to: 'all', palestinian_product: '' })).toMatchObject({
      alternative_to: null,
      palestinian_product: null,
    });
  });

  it('refuses a brand or product type the lists do not hold', async () => {
    await expect(save({ alternative_to: 'no-such-brand' })).rejects.toThrow(MESSAGES.brandUnknown);
    await expect(save({ palestinian_product: 'no-such-type' })).rejects.toThrow(MESSAGES.productTypeUnknown);
  });

  it('mails an alert on a brand the new alternative and not another business; one on a product, the businesses that stock it', async () => {
    const alternative = await add('New Alternative Cafe');
    await add('Another New Cafe');
    const stockist = await add('New Olive Oil Deli');
    await brands.addAlternative(alternative, brandId, setup.memberId);
    const [oliveOil] = await brands.productTypesBySlugs(['olive-oil']);
    await brands.setProducts(stockist, [oliveOil.id], setup.memberId);

    expect(await setup.alerts.sendDueMails()).toBe(1);
    const { mailed, names } = await mailedToday();

    expect(names(onBrand)).toEqual(['New Alternative Cafe']);
    expect(names(onBrand)).toEqual(await browse({ city: CITY, alternative_to: 'examplebucks' }));
    expect(mailed.get(onBrand)).toMatchObject({ alternative_to: 'examplebucks', alternative_to_name: 'Examplebucks', total: 1 });
    expect(names(onOliveOil)).toEqual(['New Olive Oil Deli']);
    expect(mailed.get(onOliveOil)).toMatchObject({ palestinian_product: 'olive-oil', palestinian_product_name: 'Olive oil' });
    expect(names(onAnyProduct)).toEqual(await browse({ palestinian_product: 'any' }));
  });
});

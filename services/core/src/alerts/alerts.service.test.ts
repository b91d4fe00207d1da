import { describe, expect, it } from 'vitest';
import { MESSAGES, alertInputSchema, businessInputSchema } from '@zaytoon/contract';
import { setUpAlertsTest } from './alerts.test-setup';

const { setup, member, save, browse, mailedToday } = setUpAlertsTest({
  database: 'alert_filters',
  idStart: 0,
  member: { email: 'alerts@example.com', username: 'alerts', name: 'Alerts' },
});

const CITY = 'Alertham';
const ALWAYS = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, '24 hours']));
const NEVER = Object.fromEntries(Object.keys(ALWAYS).map((day) => [day, 'Closed']));

async function add(name: string, business_hours: Record<string, string>, verified: boolean) {
  const business = await setup.businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city: CITY, postcode: 'LS1 1AA', business_hours }),
    setup.memberId,
    false,
  );
  if (verified) await setup.db.query('UPDATE businesses SET verified_on = current_date WHERE id = $1', [business.id]);
}

describe("alerts keep every filter of /browse, 'Verified only' and 'Open now' among them", () => {
  let verifiedOpen: number;
  let everything: number;
  let unverified: number;

  it('saves them, answers them, and counts an alert differing only there as another alert', async () => {
    const saved = await save({ city: CITY, verified: 'true', open_now: 'true' });
    expect(saved).toMatchObject({ city: CITY, category: null, search: null, verified: true, open_now: true });
    verifiedOpen = saved.id;
    everything = (await save({ city: CITY })).id;
    unverified = (await save({ city: CITY, verified: 'false' })).id;
    await expect(save({ city: CITY.toUpperCase(), verified: 'true', open_now: 'true' })).rejects.toThrow(MESSAGES.alertExists);
    expect((await setup.alerts.list(member())).map(({ verified, open_now }) => [verified, open_now])).toEqual([
      [true, true],
      [null, false],
      [false, false],
    ]);
  });

  it("refuses a 'Verified only' or 'Open now' /browse would refuse", () => {
    expect(alertInputSchema.safeParse({ verified: 'yes' }).success).toBe(false);
    expect(alertInputSchema.safeParse({ open_now: 'false' }).success).toBe(false);
  });

  it("mails each alert what /browse lists for its filters; a mail's 'Open now' is the businesses whose hours say when they open", async () => {
    await add('Verified Always Open', ALWAYS, true);
    await add('Verified No Hours', {}, true);
    await add('Verified Never Open', NEVER, true);
    await add('Unverified Always Open', ALWAYS, false);

    expect(await setup.alerts.sendDueMails()).toBe(1);
    const { mailed, names } = await mailedToday();

    expect(names(verifiedOpen)).toEqual(['Verified Always Open']);
    expect(mailed.get(verifiedOpen)).toMatchObject({ verified: true, open_now: true, total: 1 });
    expect(names(everything)).toEqual(await browse({ city: CITY }));
    expect(names(everything)).toHaveLength(4);
    expect(names(unverified)).toEqual(await browse({ city: CITY, verified: 'false' }));
    expect(names(unverified)).toEqual(['Unverified Always Open']);
    // 'Verified only' alone is /browse's list; 'Open now' then keeps those that open at some time of the week.
    const verifiedOnBrowse = await browse({ city: CITY, verified: 'true' });
    expect(verifiedOnBrowse).toEqual(['Verified Always Open', 'Verified Never Open', 'Verified No Hours']);
    expect(names(verifiedOpen)?.every((name) => verifiedOnBrowse.includes(name))).toBe(true);
  });
});

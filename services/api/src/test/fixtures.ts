import type { ApiTestClient, TestApi } from './harness';

let counter = 0;

export const businessInput = (overrides: Record<string, unknown> = {}) => ({
  name: `Olive Grove Kitchen ${++counter}`,
  address: '12 Whitechapel Road',
  city: 'London',
  postcode: 'E1 1AA',
  category: 'Restaurant',
  description: 'Family-run Palestinian kitchen serving musakhan and maqluba.',
  phone: '020 7946 0001',
  website: 'https://olive.example',
  proof_of_support: 'Donates 10% of profits to Gaza relief.',
  ...overrides,
});

/** Creates a business through the API as the given member and returns its answer. */
export async function createBusiness(client: ApiTestClient, overrides: Record<string, unknown> = {}) {
  const answer = await client.post('/api/businesses', businessInput(overrides));
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { id: number; name: string } & Record<string, any>;
}

/** One report per reason, each by a new member (a member has one pending report per business). */
export async function reportByNewMembers(api: TestApi, businessId: number, reasons: readonly string[]) {
  const reports: ({ id: number } & Record<string, any>)[] = [];
  for (const reason of reasons) {
    const reporter = api.client();
    await reporter.signup();
    const answer = await reporter.post('/api/reports', { business_id: businessId, reason, description: `because ${reason}` });
    if (answer.status !== 201) throw new Error(`report failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    reports.push(answer.body);
  }
  return reports;
}

import { describe, expect, it } from 'vitest';
import { business } from '../../test/harness';
import { groupByCity, mapStats, mostActiveCities } from './directoryModel';

describe('directory model', () => {
  it('groups businesses by city, with Unknown City for a missing city', () => {
    const groups = groupByCity([
      business({ id: 1, city: 'Manchester' }),
      business({ id: 2, city: 'Leeds' }),
      business({ id: 3, city: '' }),
      business({ id: 4, city: 'Manchester' }),
    ]);
    expect(groups.map((group) => [group.city, group.businesses.map((b) => b.id)])).toEqual([
      ['Leeds', [2]],
      ['Manchester', [1, 4]],
      ['Unknown City', [3]],
    ]);
  });

  it('finds the most active cities', () => {
    const groups = groupByCity(
      ['A', 'B', 'B', 'C', 'C', 'C', 'D', 'D'].map((city, index) => business({ id: index, city })),
    );
    expect(mostActiveCities(groups, 3)).toEqual([
      { city: 'C', count: 3 },
      { city: 'B', count: 2 },
      { city: 'D', count: 2 },
    ]);
  });

  it('computes the map tiles', () => {
    const stats = mapStats([
      business({ id: 1, city: 'Leeds', latitude: 53.8, longitude: -1.5 }),
      business({ id: 2, city: 'Leeds', latitude: 53.79, longitude: -1.54 }),
      business({ id: 3, city: 'York', latitude: null, longitude: -1.1 }),
    ]);
    expect(stats).toMatchObject({ onMap: 2, cities: 1, coverage: 67 });
    expect(stats.unmapped.map((b) => b.id)).toEqual([3]);
  });
});

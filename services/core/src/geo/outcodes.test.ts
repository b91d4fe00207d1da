import { describe, expect, it } from 'vitest';
import { lookupOutcode, outcodeOf, outcodeTable, parseOutcodesCsv } from './outcodes';

describe('outcodeOf', () => {
  it.each([
    ['SW1A 1AA', 'SW1A'],
    ['sw1a1aa', 'SW1A'],
    ['m1 1ae', 'M1'],
    ['M1 1AE', 'M1'],
    ['  e1   6an ', 'E1'],
    ['EH1', 'EH1'],
    ['eh10', 'EH10'],
    ['SE15 4QN', 'SE15'],
    ['W1A 0AX', 'W1A'],
    ['EC1A 1BB', 'EC1A'],
    ['CR2 6XH', 'CR2'],
    ['DN55 1PT', 'DN55'],
    ['B33 8TH', 'B33'],
    ['W10', 'W10'],
  ])('%s → %s', (input, expected) => {
    expect(outcodeOf(input)).toBe(expected);
  });

  it.each(['', '   ', 'hello world', '12345', 'SW1A 1A', '1AA', 'ABC1 1AA', 'M1 1AE extra'])('returns null for %j', (input) => {
    expect(outcodeOf(input)).toBeNull();
  });

  it('returns null for non-strings', () => {
    expect(outcodeOf(undefined as unknown as string)).toBeNull();
    expect(outcodeOf(42 as unknown as string)).toBeNull();
  });
});

describe('lookupOutcode', () => {
  it('finds the district centre of a full postcode', () => {
    const where = lookupOutcode('SW1A 1AA');
    expect(where).not.toBeNull();
    expect(where!.latitude).toBeCloseTo(51.5, 0);
    expect(where!.longitude).toBeCloseTo(-0.14, 1);
  });

  it('finds a district given alone, case- and space-insensitively', () => {
    expect(lookupOutcode('eh1')).toEqual(lookupOutcode('EH1 1YZ'));
    const m1 = lookupOutcode('m1 1ae');
    expect(m1).toEqual({ latitude: 53.47734, longitude: -2.23508 });
  });

  it('places cities where they are', () => {
    const glasgow = lookupOutcode('G1 1AA')!;
    const cardiff = lookupOutcode('CF10 1AA')!;
    const belfast = lookupOutcode('BT1 1AA')!;
    expect(glasgow.latitude).toBeGreaterThan(55.5);
    expect(cardiff.latitude).toBeLessThan(52);
    expect(belfast.longitude).toBeLessThan(-5.5);
  });

  it('returns null for unknown districts and malformed input', () => {
    expect(lookupOutcode('ZZ99 9ZZ')).toBeNull();
    expect(lookupOutcode('not a postcode')).toBeNull();
    expect(lookupOutcode('')).toBeNull();
  });

  it('loads the whole CSV once into a Map', () => {
    const table = outcodeTable();
    expect(table.size).toBeGreaterThan(2800);
    expect(outcodeTable()).toBe(table);
    expect(table.get('IM1')?.town).toBe('Douglas, Braddan');
    for (const info of table.values()) {
      expect(info.latitude).toBeGreaterThan(49);
      expect(info.latitude).toBeLessThan(61);
      expect(info.longitude).toBeGreaterThan(-9);
      expect(info.longitude).toBeLessThan(2);
    }
  });
});

describe('CSV parsing', () => {
  it('reads quoted fields: commas and doubled quotes inside them', () => {
    const map = parseOutcodesCsv(
      'outcode,latitude,longitude,town,county,country\nIM1,54.1,-4.4,"Douglas, Braddan",IOM,Isle of Man\nZZ1,50,-1,"say ""hi""",,\n',
    );
    expect(map.get('IM1')).toEqual({
      outcode: 'IM1',
      latitude: 54.1,
      longitude: -4.4,
      town: 'Douglas, Braddan',
      county: 'IOM',
      country: 'Isle of Man',
    });
    expect(map.get('ZZ1')).toMatchObject({ town: 'say "hi"', county: '', country: '' });
  });

  it('finds its columns by name, in any order, and names a missing one', () => {
    const map = parseOutcodesCsv('Country, Town,outcode,latitude,longitude,county\nWales,Cardiff,cf10,51.47,-3.17,Cardiff\n');
    expect(map.get('CF10')).toEqual({ outcode: 'CF10', latitude: 51.47, longitude: -3.17, town: 'Cardiff', county: 'Cardiff', country: 'Wales' });
    expect(() => parseOutcodesCsv('outcode,latitude,longitude,town,county\nAB1,57.1,-2.1,,\n')).toThrow('uk-outcodes.csv: missing column "country"');
  });

  it('parses CRLF files and skips bad rows', () => {
    const map = parseOutcodesCsv('outcode,latitude,longitude,town,county,country\r\nAB1,57.1,-2.1,Town,County,Scotland\r\nBAD,x,y,,,\r\n\r\n');
    expect([...map.keys()]).toEqual(['AB1']);
    expect(map.get('AB1')).toMatchObject({ latitude: 57.1, longitude: -2.1, country: 'Scotland' });
  });
});

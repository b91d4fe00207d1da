import { describe, expect, it } from 'vitest';
import { lookupOutcode, outcodeOf } from '@zaytoon/core';
import { SOURCE_KINDS, weeklyOpenIntervals } from '@zaytoon/contract';
import { DEMO_MEMBER_COUNT, generateDemoData, SUGGESTABLE_FIELDS, WEEKDAYS } from './demo-data';
import { Prng } from './prng';
import { DEMO_CITIES, REPORT_REASONS } from './word-lists';

const NOW = new Date('2025-06-01T12:00:00Z');
const DAY = 86_400_000;
const data = generateDemoData(NOW);

describe('Prng', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const c = new Prng(43);
    const seqA = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(seqA);
    for (const value of seqA) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('samples distinct items', () => {
    const rng = new Prng(1);
    const picked = rng.sample([1, 2, 3, 4, 5, 6], 4);
    expect(new Set(picked).size).toBe(4);
    expect(rng.sample([1, 2], 5)).toHaveLength(2);
  });
});

describe('generateDemoData', () => {
  it('is stable: the same seed and clock give identical data', () => {
    expect(generateDemoData(NOW)).toEqual(data);
    expect(generateDemoData(NOW, 12345).businesses[0]).not.toEqual(data.businesses[0]);
  });

  it('has the promised volume and spread', () => {
    expect(data.members).toHaveLength(DEMO_MEMBER_COUNT);
    expect(data.businesses.length).toBeGreaterThanOrEqual(320);
    expect(new Set(data.businesses.map((b) => b.city)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(data.businesses.map((b) => b.category)).size).toBeGreaterThanOrEqual(10);
    expect(data.comments.length).toBeGreaterThanOrEqual(280);
    expect(data.suggestions.length).toBeGreaterThanOrEqual(12);
    expect(data.reports.length).toBeGreaterThanOrEqual(10);
    expect(data.votes.length).toBeGreaterThan(500);
  });

  it('gives unique business names, usernames and emails', () => {
    const lower = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size;
    expect(lower(data.businesses.map((b) => b.name))).toBe(data.businesses.length);
    expect(lower(data.members.map((m) => m.username))).toBe(data.members.length);
    expect(lower(data.members.map((m) => m.email))).toBe(data.members.length);
    for (const member of data.members) {
      expect(member.email).toMatch(/^[a-z.]+@example\.com$/);
      expect(member.username).not.toBe('admin');
    }
  });

  it('uses postcodes of the right city, with coordinates near the district centre for about 90%', () => {
    const districtsOf = new Map(DEMO_CITIES.map((c) => [c.city, new Set(c.districts)]));
    let unmapped = 0;
    for (const b of data.businesses) {
      expect(b.postcode).toMatch(/^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9][ABD-HJLNP-UW-Z]{2}$/);
      expect(districtsOf.get(b.city)!.has(outcodeOf(b.postcode)!)).toBe(true);
      const centre = lookupOutcode(b.postcode);
      expect(centre).not.toBeNull();
      if (b.latitude === null || b.longitude === null) {
        expect(b.latitude).toBeNull();
        expect(b.longitude).toBeNull();
        unmapped++;
      } else {
        expect(Math.abs(b.latitude - centre!.latitude)).toBeLessThanOrEqual(0.01);
        expect(Math.abs(b.longitude - centre!.longitude)).toBeLessThanOrEqual(0.01);
      }
    }
    expect(unmapped / data.businesses.length).toBeGreaterThan(0.04);
    expect(unmapped / data.businesses.length).toBeLessThan(0.18);
  });

  it('fills fields in the shapes the API serves', () => {
    let longDescriptions = 0;
    for (const b of data.businesses) {
      expect(b.sources.length).toBeGreaterThan(0);
      for (const source of b.sources) {
        expect(SOURCE_KINDS).toContain(source.kind);
        expect(source.description.trim().length).toBeGreaterThan(10);
        expect(source.url).toMatch(/^$|^https:\/\/[a-z0-9.-]+\.example\/[a-z/]+$/);
        expect(source.date <= b.createdAt.toISOString().slice(0, 10)).toBe(true);
      }
      expect(b.sources.map((source) => source.date)).toEqual(
        b.sources
          .map((source) => source.date)
          .sort()
          .reverse(),
      );
      for (const [day, value] of Object.entries(b.businessHours)) {
        expect(WEEKDAYS).toContain(day);
        expect(value).toMatch(/^(Closed|\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M)$/);
      }
      for (const [network, value] of Object.entries(b.socialMedia)) {
        expect(['facebook', 'twitter', 'instagram']).toContain(network);
        expect(value).toMatch(/^https:\/\/(www\.)?(facebook|twitter|x|instagram)\.com\/[a-z0-9_@]+$/);
      }
      expect(b.website).toMatch(/^$|^https:\/\/[a-z0-9.-]+\.example\/?$/);
      expect(b.phone).toMatch(/^$|^(020 7946 0\d{3}|01\d{2} 49[68] 0\d{3}|029 2018 0\d{3}|028 9649 6\d{3}|01632 960\d{3}|07700 900\d{3})$/);
      if (b.description.length > 120) longDescriptions++;
      expect(b.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(b.createdAt.getTime()).toBeGreaterThanOrEqual(NOW.getTime() - 549 * DAY);
    }
    expect(longDescriptions).toBeGreaterThan(20);
    expect(data.businesses.some((b) => Object.keys(b.socialMedia).length === 0)).toBe(true);
    expect(data.businesses.some((b) => Object.keys(b.businessHours).length === 0)).toBe(true);
    expect(data.businesses.some((b) => Object.values(b.businessHours).includes('Closed'))).toBe(true);
    expect(data.businesses.some((b) => Object.values(b.socialMedia).some((v) => v.startsWith('https://')))).toBe(true);
    const verified = data.businesses.filter((b) => b.verified).length / data.businesses.length;
    expect(verified).toBeGreaterThan(0.3);
    expect(verified).toBeLessThan(0.5);
    expect(data.businesses.some((b) => b.owner === null)).toBe(true);
  });

  it("gives hours the 'Open now' parser reads: every business with hours has open intervals", () => {
    const withHours = data.businesses.filter((b) => Object.keys(b.businessHours).length > 0);
    expect(withHours.length).toBeGreaterThan(data.businesses.length * 0.8);
    for (const business of withHours)
      expect(weeklyOpenIntervals(business.businessHours)?.length, JSON.stringify(business.businessHours)).toBeGreaterThan(0);
  });

  it('keeps one vote per member and business', () => {
    const keys = data.votes.map((v) => `${v.business}:${v.member}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(data.votes.some((v) => v.voteType === 'downvote')).toBe(true);
  });

  it('writes comments of 3 to 1000 characters, some long', () => {
    for (const c of data.comments) {
      expect(c.text.trim()).toBe(c.text);
      expect(c.text.length).toBeGreaterThanOrEqual(3);
      expect(c.text.length).toBeLessThanOrEqual(1000);
    }
    expect(data.comments.some((c) => c.text.length > 500)).toBe(true);
  });

  it('makes valid pending suggestions of both types', () => {
    for (const s of data.suggestions) {
      expect(SUGGESTABLE_FIELDS).toContain(s.fieldName);
      expect(s.suggestionType).toBe(s.currentValue === '' ? 'add_missing' : 'edit_existing');
      expect(s.suggestedValue).not.toBe(s.currentValue);
      if (s.fieldName === 'business_hours' || s.fieldName === 'social_media') {
        expect(typeof JSON.parse(s.suggestedValue)).toBe('object');
        if (s.currentValue) expect(typeof JSON.parse(s.currentValue)).toBe('object');
      }
    }
    const types = new Set(data.suggestions.map((s) => s.suggestionType));
    expect(types).toEqual(new Set(['add_missing', 'edit_existing']));
  });

  it('spreads reports so one business has five', () => {
    const perBusiness = new Map<number, number>();
    for (const r of data.reports) {
      expect(REPORT_REASONS).toContain(r.reason);
      perBusiness.set(r.business, (perBusiness.get(r.business) ?? 0) + 1);
    }
    expect(Math.max(...perBusiness.values())).toBe(5);
    expect(perBusiness.size).toBeGreaterThanOrEqual(3);
  });
});

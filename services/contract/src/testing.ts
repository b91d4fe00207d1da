import type { SpecialHoursEntry } from './opening-hours';

/**
 * Special hours the opening-hours tests share, so that the status the pages show and the SQL of 'Open now' are
 * checked against the same dates: Ramadan evenings that run past midnight, and a closed Eid.
 */
export const RAMADAN_2026: SpecialHoursEntry = {
  label: 'Ramadan',
  first_date: '2026-03-28',
  last_date: '2026-04-02',
  closed: false,
  opens: '18:00',
  closes: '02:00',
};
export const EID_2026: SpecialHoursEntry = {
  label: 'Eid al-Fitr',
  first_date: '2026-03-20',
  last_date: '2026-03-20',
  closed: true,
  opens: null,
  closes: null,
};

import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config/config';

/** What a scrape of /metrics gets: `hidden` answers 404, `refused` 401. */
export type MetricsAccess = 'allowed' | 'hidden' | 'refused';

/**
 * /metrics (the API's and the worker's) is for the scraper, not the public: with METRICS_TOKEN set it needs that
 * bearer token; without one it is open outside production (npm start, npm test) and absent in production.
 */
export function metricsAccess(config: Pick<Config, 'METRICS_TOKEN' | 'NODE_ENV'>): (authorization: string | undefined) => MetricsAccess {
  const expected = config.METRICS_TOKEN ? Buffer.from(`Bearer ${config.METRICS_TOKEN}`) : null;
  return (authorization) => {
    if (!expected) return config.NODE_ENV === 'production' ? 'hidden' : 'allowed';
    const given = Buffer.from(authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected) ? 'allowed' : 'refused';
  };
}

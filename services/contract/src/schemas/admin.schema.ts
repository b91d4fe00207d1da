import { z } from 'zod';
import { isoDate } from './common.schema';

export const adminStatisticsSchema = z.object({
  users: z.object({
    total: z.number().int(),
    admins: z.number().int(),
    regular: z.number().int(),
    recent_registrations: z.number().int(),
  }),
  businesses: z.object({ total: z.number().int(), verified: z.number().int(), unverified: z.number().int() }),
  pending: z.object({ reports: z.number().int(), suggestions: z.number().int() }),
  computed_at: isoDate.optional(),
});
export type AdminStatistics = z.infer<typeof adminStatisticsSchema>;

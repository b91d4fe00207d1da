import { z } from 'zod';
import { MESSAGES, idSchema } from '@zaytoon/contract';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../db/opaque-cursor';

const revisionCursor = z.tuple([idSchema(MESSAGES.invalidCursor)]);

/** The opaque cursor of a history page: the id of its last (oldest) revision. */
export const encodeRevisionCursor = (id: number): string => encodeOpaqueCursor([id]);

export function decodeRevisionCursor(cursor: string): number {
  return decodeOpaqueCursor(cursor, revisionCursor)[0];
}

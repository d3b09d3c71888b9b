import { describe, expect, it } from 'vitest';
import { texts } from '../texts.ts';
import { memberInputSchema } from './members.ts';
import { scheduleInstant } from './schedule.ts';

const member = { firstName: 'Emma', lastName: 'Rouault', role: 'Comédienne' };

describe('schedule dates', () => {
  it('reads ISO date-times with an offset as that instant, and without one as Paris time', () => {
    expect(scheduleInstant('2026-03-03T19:30:00Z')).toBe(Date.parse('2026-03-03T19:30:00Z'));
    expect(scheduleInstant('2026-03-03T20:30')).toBe(Date.parse('2026-03-03T19:30:00Z'));
    expect(scheduleInstant('2026-07-14T20:30:00')).toBe(Date.parse('2026-07-14T18:30:00Z'));
  });

  it('refuses a date alone, loose texts, days that do not exist and years past 9999', () => {
    for (const text of ['2026-03-03', 'mars 3', '1', '2026-02-30T10:00', '9999-12-31T23:30:00-05:00']) expect(scheduleInstant(text), text).toBeNaN();
  });

  it('stores them as ISO UTC, keeps an omitted one omitted and turns a blank one into null', () => {
    const parsed = memberInputSchema.parse({ ...member, publishAt: '2026-03-03T20:30', unpublishAt: '' });
    expect(parsed.publishAt).toBe('2026-03-03T19:30:00.000Z');
    expect(parsed.unpublishAt).toBeNull();
    expect('publishAt' in memberInputSchema.parse(member)).toBe(false);
  });

  it('refuses a withdrawal at or before the publication, on the withdrawal field', () => {
    const result = memberInputSchema.safeParse({ ...member, publishAt: '2026-03-03T20:30', unpublishAt: '2026-03-03T19:30:00Z' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['unpublishAt'], message: texts.validation.unpublishNotAfterPublish })]);
  });
});

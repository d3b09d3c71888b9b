import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { runReservationWork } from './reservation-job.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets'] });

const START = new Date('2026-03-03T19:30:00.000Z');
// The helper's performance: 2026-04-10 20:30 Paris = 18:30 UTC.
const PERFORMANCE = Date.parse('2026-04-10T18:30:00.000Z');
const HOUR = 3_600_000;
let ip = 0;
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.2.0.${++ip % 250}` });
const work = () => runReservationWork({ ...ctx, config: ctx.config, mailer: ctx.mailer });

async function confirmed(performanceId: number) {
  const body = booking(performanceId, 2, { phone: '0612345678' });
  await post('/api/reservations', body);
  const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
  await post('/api/reservations/confirm', { token });
  return body;
}

describe('timed work', () => {
  it('sends one reminder RESERVATION_REMINDER_HOURS before, with a working cancel link', async () => {
    ctx.clock.set(START);
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    const early = await confirmed(performanceId);
    ctx.clock.set(new Date(PERFORMANCE - 24 * HOUR - 1000));
    expect((await work()).reminded).toBe(0);
    ctx.clock.set(new Date(PERFORMANCE - 24 * HOUR));
    const [a, b] = await Promise.all([work(), work()]);
    expect(a.reminded + b.reminded).toBe(1);
    expect((await work()).reminded).toBe(0);
    const reminder = ctx.mailer.sent.filter((m) => m.to === early.email && m.subject === 'Rappel\u00a0: votre réservation');
    expect(reminder).toHaveLength(1);
    const cancel = tokenIn(reminder[0]!.text, 'annulation');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/reservations/lookup?token=${cancel}` })).json().data.status).toBe('confirmed');

    // Confirmed after that moment: no reminder.
    const late = await confirmed(performanceId);
    ctx.clock.advance(HOUR);
    expect((await work()).reminded).toBe(0);
    expect(ctx.mailer.sent.filter((m) => m.to === late.email && m.subject.startsWith('Rappel'))).toHaveLength(0);
    ctx.clock.set(START);
  });

  it('erases names, addresses and phones RESERVATION_RETENTION_DAYS after the performance; counts stay', async () => {
    ctx.clock.set(START);
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    await confirmed(performanceId);
    ctx.clock.set(new Date(PERFORMANCE + 30 * 24 * HOUR - 1000));
    expect((await work()).erased).toBe(0);
    ctx.clock.set(new Date(PERFORMANCE + 30 * 24 * HOUR));
    expect((await work()).erased).toBe(1);
    const row = await ctx.db.selectFrom('reservations').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ firstName: '', lastName: '', email: null, phone: null, seats: 2, status: 'confirmed' });
    expect((await work()).erased).toBe(0);
    ctx.clock.set(START);
  });
});

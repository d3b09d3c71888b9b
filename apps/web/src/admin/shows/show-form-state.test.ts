import { describe, expect, it } from 'vitest';
import { showInputSchema } from '@bande/shared';
import { emptyCredit, emptyPerformance, toFormState, toPayload } from './show-form-state.ts';

const base = () => ({ ...toFormState(null), name: 'Les Misérables', year: '2024', pitch: 'Un pitch', note: 'Une note' });

describe('show form payload (spec section 5)', () => {
  it('omits a disabled book and author, sends null for enabled but unnamed, the fields when named', () => {
    const disabled = toPayload({ ...base(), book: { ...base().book, name: 'Ignoré' } }, false);
    expect('book' in disabled).toBe(false);
    expect('author' in disabled).toBe(false);

    const unnamed = toPayload({ ...base(), bookEnabled: true, authorEnabled: true, author: { ...base().author, date: '1802 – 1885' } }, false);
    expect(unnamed.book).toBeNull();
    expect(unnamed.author).toBeNull();

    const named = toPayload({ ...base(), authorEnabled: true, author: { name: ' Victor Hugo ', date: '1802 – 1885', description: '', photo: null } }, false);
    expect(named.author).toEqual({ name: 'Victor Hugo', date: '1802 – 1885', description: '', photo: null });
  });

  it('converts performance dates typed in Paris time to ISO and empties venueName, bookingLink and capacity to null', () => {
    const performance = { ...emptyPerformance(), date: '2026-03-03T20:30', address: '12 rue du Pont', venueName: ' ', bookingLink: '', capacity: ' ' };
    const payload = toPayload({ ...base(), performances: [performance, emptyPerformance()] }, false);
    expect(payload.performances).toEqual([
      { date: '2026-03-03T19:30:00.000Z', address: '12 rue du Pont', venueName: null, bookingLink: null, capacity: null },
      { date: null, address: '', venueName: null, bookingLink: null, capacity: null },
    ]);
    // The shared schema then drops the performance without date or address.
    expect(showInputSchema.parse(payload).performances).toHaveLength(1);
  });

  it('drops credit members without a member and, through the schema, categories without a name', () => {
    const credits = [
      { ...emptyCredit(), category: 'Distribution', members: [{ key: 'a', memberId: '3', role: 'Fantine' }, { key: 'b', memberId: '', role: 'x' }] },
      { ...emptyCredit(), category: '  ' },
    ];
    const payload = toPayload({ ...base(), credits }, false);
    expect(payload.credits![0]!.members).toEqual([{ memberId: 3, role: 'Fantine' }]);
    expect(showInputSchema.parse(payload).credits).toEqual([{ category: 'Distribution', members: [{ memberId: 3, role: 'Fantine' }] }]);
  });

  it('refuses more than 6 credit categories with the spec message', () => {
    const credits = Array.from({ length: 7 }, (_, index) => ({ ...emptyCredit(), category: `Catégorie ${index}` }));
    const result = showInputSchema.safeParse(toPayload({ ...base(), credits }, false));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toContain('Maximum 6 catégories de crédits');
  });
});

import { describe, expect, it } from 'vitest';
import {
  contactInputSchema,
  eventDateError,
  galleryInputSchema,
  newsletterInputSchema,
  originEventInputSchema,
  showInputSchema,
  texts,
  youtubeIdFrom,
} from '../index.ts';

const baseShow = { name: 'Madame Bovary', type: 'Grand format', year: '2025', pitch: 'Un pitch', note: 'Une note' };

describe('show input', () => {
  it('drops blank credit categories and performances without date or address', () => {
    const parsed = showInputSchema.parse({
      ...baseShow,
      credits: [{ category: '  ', members: [] }, { category: 'Au plateau', members: [{ memberId: 1, role: '' }] }],
      performances: [
        { date: '2026-03-03T20:30:00+01:00', address: '1 rue X', venueName: '', bookingLink: '' },
        { date: '', address: '2 rue Y' },
        { date: '2026-03-04T20:30:00+01:00', address: '' },
      ],
    });
    expect(parsed.credits).toEqual([{ category: 'Au plateau', members: [{ memberId: 1, role: null }] }]);
    expect(parsed.performances).toEqual([{ date: '2026-03-03T19:30:00.000Z', address: '1 rue X', venueName: null, bookingLink: null }]);
  });

  it('reads a performance date without an offset as Paris time, not the server’s', () => {
    const performances = [
      { date: '2027-03-05T20:30', address: '1 rue X' },
      { date: '2027-07-14T20:30', address: '1 rue X' },
    ];
    expect(showInputSchema.parse({ ...baseShow, performances }).performances.map((p) => p.date)).toEqual(['2027-03-05T19:30:00.000Z', '2027-07-14T18:30:00.000Z']);
    const missing = showInputSchema.safeParse({ ...baseShow, performances: [{ date: '2027-02-30T20:30', address: '1 rue X' }] });
    expect(missing.error?.issues[0]?.message).toBe('Date de représentation invalide');
  });

  it('refuses a seventh credit category with the spec message', () => {
    const credits = Array.from({ length: 7 }, (_, i) => ({ category: `C${i}`, members: [] }));
    const result = showInputSchema.safeParse({ ...baseShow, credits });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Maximum 6 catégories de crédits');
  });

  it('turns an enabled but unnamed book into null and keeps a named one', () => {
    expect(showInputSchema.parse({ ...baseShow, book: { name: '' } }).book).toBeNull();
    expect(showInputSchema.parse({ ...baseShow }).book).toBeNull();
    expect(showInputSchema.parse({ ...baseShow, author: { name: 'Flaubert', date: '1821 – 1880' } }).author).toMatchObject({ name: 'Flaubert', date: '1821 – 1880', photo: null });
  });

  it('accepts only the four show types', () => {
    expect(showInputSchema.safeParse({ ...baseShow, type: 'Opéra' }).success).toBe(false);
  });
});

describe('public forms', () => {
  it('checks the newsletter address pattern with the spec message', () => {
    expect(newsletterInputSchema.safeParse({ email: 'pas-une-adresse' }).error?.issues[0]?.message).toBe(texts.validation.emailInvalid);
    expect(newsletterInputSchema.parse({ email: ' lea@example.org ' })).toEqual({ email: 'lea@example.org' });
  });

  it('requires a phone only for made-to-measure shows and cultural interventions', () => {
    const base = { email: 'a@b.fr', message: 'Bonjour' };
    const missing = contactInputSchema.safeParse({ ...base, requestType: 'Spectacle sur mesure' });
    expect(missing.error?.issues[0]?.message).toBe('Le téléphone est requis pour ce type de demande');
    expect(contactInputSchema.safeParse({ ...base, requestType: 'Intervention culturelle', phone: '' }).success).toBe(false);
    expect(contactInputSchema.safeParse({ ...base, requestType: "Demande d'information" }).success).toBe(true);
    expect(contactInputSchema.safeParse({ ...base, requestType: 'Autre', phone: null }).success).toBe(true);
  });
});

describe('YouTube links', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=3', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=short', null],
    ['https://vimeo.com/123456', null],
    ['pas une url', null],
  ])('%s -> %s', (link, id) => {
    expect(youtubeIdFrom(link)).toBe(id);
  });

  it('answers URL YouTube invalide for a youtube item without an id', () => {
    const result = galleryInputSchema.safeParse({ type: 'youtube', url: 'https://vimeo.com/1' });
    expect(result.error?.issues[0]?.message).toBe('URL YouTube invalide');
  });
});

describe('origins event dates', () => {
  it.each([
    [{ year: '' }, "L'année est requise"],
    [{ year: '999' }, "L'année doit être un nombre valide entre 1000 et 3000"],
    [{ year: '3001' }, "L'année doit être un nombre valide entre 1000 et 3000"],
    [{ year: 'abcd' }, "L'année doit être un nombre valide entre 1000 et 3000"],
    [{ year: '2020', month: '13' }, 'Le mois doit être un nombre entre 1 et 12'],
    [{ year: '2020', month: '2', day: '32' }, 'Le jour doit être un nombre entre 1 et 31'],
    [{ year: '2021', month: '2', day: '29' }, "Cette date n'existe pas"],
    [{ year: '2020', month: '2', day: '29' }, null],
    // A day without its month was stored as the year alone: now refused.
    [{ year: '2020', month: '', day: '31' }, 'Indiquez le mois du jour saisi (ou laissez le jour vide)'],
    [{ year: '2020', month: '12', day: '' }, null],
  ])('%j -> %s', (parts, message) => {
    expect(eventDateError(parts)).toBe(message);
  });

  it('validates the stored string forms', () => {
    const base = { title: 'T', description: 'D', categoryId: 1 };
    expect(originEventInputSchema.safeParse({ ...base, date: '2014' }).success).toBe(true);
    expect(originEventInputSchema.safeParse({ ...base, date: '2014-06' }).success).toBe(true);
    expect(originEventInputSchema.safeParse({ ...base, date: '2014-06-31' }).error?.issues[0]?.message).toBe("Cette date n'existe pas");
  });
});

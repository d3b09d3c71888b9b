import { describe, expect, it } from 'vitest';
import { compileFrame } from './letter-frame-compiler.ts';
import { escapeHtml, FRAME_PLACEHOLDERS, FRAME_VARIANTS, fillFrame, frameMjml, type FrameValues } from './letter-frame.ts';
import { LETTER_FRAMES } from './letter-frames.generated.ts';

/**
 * The server lays letters out without MJML, from frames MJML compiled beforehand (letter-frame.ts). These
 * hold only if (1) the generated frames are what MJML makes of the frame as the code writes it today, and
 * (2) a frame filled with a letter's values is what MJML makes of the frame written with those values,
 * for every variant and any number of upcoming performances.
 */
const values = (items: number): FrameValues => ({
  subject: escapeHtml('Lettre d’été : « Le Horla » & <autres> 100 %'),
  archiveUrl: escapeHtml('https://bande.example.org/lettres/lettre-d-ete-3'),
  siteUrl: escapeHtml('https://bande.example.org'),
  footerLines: ['Association La Bande à Lire', '12 rue des Lilas, 44000 Nantes', 'contact@bande.example.org'].map(escapeHtml).join('<br/>'),
  items: Array.from({ length: items }, (_, i) => `<strong>Samedi ${i + 3} mars 2027 à 20 h 30</strong><br/>${escapeHtml(`Pièce n° ${i} — Salle « des fêtes »`)}<br/><a href="https://bande.example.org/shows/piece-${i}">Voir le spectacle</a>`),
});

describe('the letter frames compiled beforehand', () => {
  it.each(FRAME_VARIANTS)('%s is what MJML makes of the frame today (else: npm run generate:letter-frames)', async (variant) => {
    expect(LETTER_FRAMES[variant]).toBe(await compileFrame(frameMjml(variant, FRAME_PLACEHOLDERS)));
  });

  it.each([
    ['letter', 0],
    ['transactional', 0],
    ['letter-upcoming', 1],
    ['letter-upcoming', 3],
    ['transactional-upcoming', 2],
  ] as const)('%s filled with a letter (%i upcoming) is what MJML makes of that letter', async (variant, items) => {
    const filled = fillFrame(LETTER_FRAMES[variant], values(items));
    expect(filled).toBe(await compileFrame(frameMjml(variant, values(items))));
    expect(filled).not.toMatch(/%%FRAME_/);
  });
});

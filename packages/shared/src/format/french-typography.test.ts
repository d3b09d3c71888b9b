import { describe, expect, it } from 'vitest';
import { frenchTypography } from './french-typography.ts';
import { isFrenchPhone, phoneHref } from './phone.ts';

const NB = '\u00a0';

describe('frenchTypography', () => {
  it('puts a no-break space before « : ; ! ? » whatever space was typed, and adds one where none was', () => {
    expect(frenchTypography('pour la scène : couper sans trahir')).toBe(`pour la scène${NB}: couper sans trahir`);
    expect(frenchTypography('Vraiment ? Oui ! Enfin ; bon')).toBe(`Vraiment${NB}? Oui${NB}! Enfin${NB}; bon`);
    expect(frenchTypography('Vraiment? Oui!')).toBe(`Vraiment${NB}? Oui${NB}!`);
    expect(frenchTypography('Horaires: 10 h')).toBe(`Horaires${NB}: 10 h`);
    expect(frenchTypography(`déjà${NB}: bien`)).toBe(`déjà${NB}: bien`);
  });

  it('puts no-break spaces inside « »', () => {
    expect(frenchTypography('le « Grand format »')).toBe(`le «${NB}Grand format${NB}»`);
    expect(frenchTypography('le «Grand format»')).toBe(`le «${NB}Grand format${NB}»`);
  });

  it('leaves times, web addresses and query strings alone', () => {
    expect(frenchTypography('à 20:30 sur https://exemple.fr/?a=1')).toBe('à 20:30 sur https://exemple.fr/?a=1');
  });
});

describe('French phone numbers', () => {
  it('accepts the usual ways of writing one and gives its tel: target', () => {
    for (const phone of ['01 99 00 12 34', '0199001234', '01.99.00.12.34', '+33 1 99 00 12 34', '0033199001234', '+33 (0)1 99 00 12 34'.replace('(0)', '')]) {
      expect(isFrenchPhone(phone), phone).toBe(true);
      expect(phoneHref(phone)).toBe('+33199001234');
    }
  });

  it('refuses what is not a French number', () => {
    for (const phone of ['12345', '00 99 00 12 34', '+44 20 7946 0958', '01 99 00 12 3', 'abc']) {
      expect(isFrenchPhone(phone), phone).toBe(false);
      expect(phoneHref(phone)).toBe('');
    }
  });
});

describe('deName', () => {
  it('elides « de » before a vowel or an h, whatever the name', async () => {
    const { deName } = await import('./elision.ts');
    expect(deName('Anne-Laure Pichon')).toBe("d'Anne-Laure Pichon");
    expect(deName('Élise Roy')).toBe("d'Élise Roy");
    expect(deName('Hélène Morel')).toBe("d'Hélène Morel");
    expect(deName('Jules Renard')).toBe('de Jules Renard');
  });
});

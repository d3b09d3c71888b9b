import { describe, expect, it } from 'vitest';
import { shortDescription } from './partners-tab.tsx';

describe('partner description in the list', () => {
  it('is cut at 30 characters followed by an ellipsis', () => {
    expect(shortDescription('Café-librairie qui accueille nos lectures')).toBe('Café-librairie qui accueille n...');
    expect(shortDescription('Exactement trente caractères!!')).toBe('Exactement trente caractères!!');
  });
});

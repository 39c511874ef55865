import { REPRINT_INSTRUCTION } from '@dotink/print';
import { describe, expect, it } from 'vitest';
import { PRINT_LANGUAGES, PRINT_MESSAGE_KEYS, printText } from './printMessages';

describe('print messages', () => {
  it('has every text in Korean, English, Japanese and Traditional Chinese, with the same placeholders', () => {
    for (const key of PRINT_MESSAGE_KEYS) {
      const placeholders = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const en = printText('en', key);
      for (const lang of PRINT_LANGUAGES) {
        const text = printText(lang, key);
        expect(text.length, `${lang} ${key}`).toBeGreaterThan(0);
        expect(placeholders(text), `${lang} ${key}`).toEqual(placeholders(en));
        if (lang !== 'en' && !key.startsWith('print.mode')) expect(text, `${lang} ${key}`).not.toBe(en);
      }
    }
  });

  it('quotes the spec texts exactly', () => {
    expect(printText('en', 'page.overlap')).toBe(
      'Overlap with registered page: this page overlaps the previously registered page. Please check the printed paper.',
    );
    expect(printText('en', 'page.notSame')).toBe(
      'Not the same page: the same PDF page must correspond to one Ncode paper.',
    );
    expect(printText('en', 'print.running')).toBe('The program is running');
    expect(printText('en', 'print.waitLonger')).toBe('Please wait a little longer');
    expect(printText('en', 'print.paper.savePdf.hint')).toBe(REPRINT_INSTRUCTION);
    expect(printText('en', 'print.density.normal')).toBe('Normal (recommended)');
  });

  it('falls back to English for the empty German and Spanish sets, and fills placeholders', () => {
    expect(printText('de', 'print.title')).toBe('Print');
    expect(printText('es', 'progress.processing', { done: 2, total: 5 })).toBe('Processing page 2 of 5');
    expect(printText('ko', 'registration.anywhere', { page: 3 })).toContain('3');
    expect(printText('ko', 'page.overlap')).toContain('등록된 페이지와 겹침');
  });
});

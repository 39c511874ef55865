import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageAddress } from './address';
import { codeFilePath, fillUrlTemplate, urlTemplateParameters } from './urlTemplate';

describe('URL templates', () => {
  it('fills {name} parameters', () => {
    expect(
      fillUrlTemplate('{host}/admin/v1/inkstore/search/{studentId}', { host: 'https://h', studentId: 42 }),
    ).toBe('https://h/admin/v1/inkstore/search/42');
    expect(fillUrlTemplate('/a/{x}/{x}', { x: 'y', unused: 1 })).toBe('/a/y/y');
    expect(fillUrlTemplate('/q?{ not a param }', {})).toBe('/q?{ not a param }');
    expect(fillUrlTemplate('/u/{name}', { name: 'a b/c' }, { encode: true })).toBe('/u/a%20b%2Fc');
  });

  it('throws for a leftover parameter with the spec message', () => {
    expect(() => fillUrlTemplate('{host}/x/{studentId}', { host: 'h' })).toThrow(
      new Error('The parameter, studentId, has not been given.'),
    );
    expect(() => fillUrlTemplate('/{toString}', {})).toThrow(
      new Error('The parameter, toString, has not been given.'),
    );
  });

  it('lists the parameters', () => {
    expect(urlTemplateParameters('{host}/a/{b}/{host}')).toEqual(['host', 'b']);
  });

  it('leaves no parameter when all are given', () => {
    const name = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 5 }), name), { maxLength: 6 }), (parts) => {
        const template = parts.map(([text, n]) => `${text.replace(/[{}]/g, '')}{${n}}`).join('');
        const params = Object.fromEntries(parts.map(([, n]) => [n, 'v']));
        expect(fillUrlTemplate(template, params)).not.toMatch(/\{[a-z]/);
      }),
    );
  });
});

describe('code file path', () => {
  it('names the gzip code file of a page', () => {
    expect(codeFilePath(pageAddress(3, 27, 1068, 1))).toBe('ncode_data/s3-o27-b1068/s3-o27-b1068-p1.code.gz');
  });
});

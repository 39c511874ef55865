import { describe, expect, it } from 'vitest';
import { printRecordsAfterDelete, renumberAfterDelete } from './pageDeletion';
import { printMappingKey } from './printFlow';
import { pendingRegistrationKey } from './registrationFlow';
import { memoryTarget } from './testTarget';

const size = { widthPt: 595, heightPt: 842 };

describe('print records after a page is deleted', () => {
  it('drops the deleted page and moves the later pages up one', () => {
    const list = [1, 2, 3, 5].map((pdfPageNo) => ({ pdfPageNo, tag: `p${pdfPageNo}` }));
    expect(renumberAfterDelete(list, 2)).toEqual([
      { pdfPageNo: 1, tag: 'p1' },
      { pdfPageNo: 2, tag: 'p3' },
      { pdfPageNo: 4, tag: 'p5' },
    ]);
    expect(renumberAfterDelete(list, 4)).toEqual([
      { pdfPageNo: 1, tag: 'p1' },
      { pdfPageNo: 2, tag: 'p2' },
      { pdfPageNo: 3, tag: 'p3' },
      { pdfPageNo: 4, tag: 'p5' },
    ]);
  });

  it('renumbers the registration still to do and the stored mapping; undo puts both back', async () => {
    const target = memoryTarget([]);
    const pending = [2, 3].map((pdfPageNo) => ({ pdfPageNo, sizePt: size }));
    const mapping = {
      version: 1,
      id: 'fp/1',
      pages: [
        { pdfPageNo: 1, boardPageId: 'a' },
        { pdfPageNo: 3, boardPageId: 'c' },
      ],
    };
    target.meta.set(pendingRegistrationKey('board1'), pending);
    target.meta.set(printMappingKey('board1'), mapping);
    const undo = await printRecordsAfterDelete(target, 2);
    expect(target.meta.get(pendingRegistrationKey('board1'))).toEqual([{ pdfPageNo: 2, sizePt: size }]);
    expect(target.meta.get(printMappingKey('board1'))).toEqual({
      ...mapping,
      pages: [
        { pdfPageNo: 1, boardPageId: 'a' },
        { pdfPageNo: 2, boardPageId: 'c' },
      ],
    });
    await undo();
    expect(target.meta.get(pendingRegistrationKey('board1'))).toEqual(pending);
    expect(target.meta.get(printMappingKey('board1'))).toEqual(mapping);
  });

  it('leaves nothing to register when the only page to register is deleted', async () => {
    const target = memoryTarget([]);
    target.meta.set(pendingRegistrationKey('board1'), [{ pdfPageNo: 1, sizePt: size }]);
    await printRecordsAfterDelete(target, 1);
    expect(target.meta.get(pendingRegistrationKey('board1'))).toBeNull();
    expect(target.meta.has(printMappingKey('board1'))).toBe(false);
  });

  it('leaves a malformed stored registration alone, but a storage that cannot be read fails the deletion', async () => {
    const target = memoryTarget([]);
    target.meta.set(pendingRegistrationKey('board1'), 'not a list');
    await printRecordsAfterDelete(target, 2);
    expect(target.meta.get(pendingRegistrationKey('board1'))).toBe('not a list');
    const broken = { ...target, loadMeta: () => Promise.reject(new Error('IndexedDB closed')) };
    await expect(printRecordsAfterDelete(broken, 2)).rejects.toThrow('IndexedDB closed');
  });
});

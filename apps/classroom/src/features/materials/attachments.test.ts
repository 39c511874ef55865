import type { MaterialAttachment } from '@dotink/contracts/edu';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { classroomText } from '../../i18n/text';
import { attachmentErrorText, loadMaterialAttachments, MaterialAttachmentError } from './attachments';

const address = { section: 3, owner: 27, book: 900, page: 2 };
const file = (type: 'pdf' | 'xml', textbookId: number | null): MaterialAttachment => ({
  textbookId,
  curriculumId: textbookId === null ? null : 1,
  type,
  mimeType: type === 'pdf' ? 'application/pdf' : 'application/xml',
  downloadUri: `https://x/${textbookId}/${type}`,
  originalName: `m.${type}`,
});

const codeOf = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(e).toBeInstanceOf(MaterialAttachmentError);
  return (e as MaterialAttachmentError).code;
};

describe('material attachments of a page (classroom.md §8 codes 1001–1003)', () => {
  it('looks up the files and downloads the PDF of the newest material', async () => {
    const asked: string[] = [];
    const loaded = await loadMaterialAttachments(
      {
        api: { materialAttachments: async () => [file('pdf', 7), file('xml', 7), file('pdf', null)] },
        fetchFile: async (uri) => {
          asked.push(uri);
          return new Uint8Array([37, 80, 68, 70]);
        },
      },
      address,
    );
    expect(asked).toEqual(['https://x/7/pdf']);
    expect(loaded.pdfBytes).toEqual(new Uint8Array([37, 80, 68, 70]));
    expect(loaded.xml?.downloadUri).toBe('https://x/7/xml');
  });

  it('1001 when the lookup fails, 1002 when no PDF is registered, 1003 when the download fails', async () => {
    const fetchFile = async () => new Uint8Array();
    expect(
      await codeOf(
        loadMaterialAttachments(
          { api: { materialAttachments: () => Promise.reject(new ApiError(0, 'error.network')) }, fetchFile },
          address,
        ),
      ),
    ).toBe(1001);
    expect(
      await codeOf(
        loadMaterialAttachments({ api: { materialAttachments: async () => [] }, fetchFile }, address),
      ),
    ).toBe(1002);
    expect(
      await codeOf(
        loadMaterialAttachments(
          { api: { materialAttachments: async () => [file('xml', 3)] }, fetchFile },
          address,
        ),
      ),
    ).toBe(1002);
    expect(
      await codeOf(
        loadMaterialAttachments(
          {
            api: { materialAttachments: async () => [file('pdf', 3)] },
            fetchFile: () => Promise.reject(new Error('404 Not Found')),
          },
          address,
        ),
      ),
    ).toBe(1003);
  });

  it('says the error in the user language with its code', () => {
    const t = (k: Parameters<typeof classroomText>[1], p?: Record<string, string | number>) =>
      classroomText('en', k, p);
    expect(attachmentErrorText(t, new MaterialAttachmentError(1003))).toBe(
      'could not download the attachment file (1003)',
    );
    expect(classroomText('ko', 'materials.attach1001')).toBe('등록된 문서를 조회하는 중 오류가 발생했습니다');
  });
});

/**
 * One zod schema per record at the board's storage and file boundaries (issue 12 item 4): what
 * IndexedDB gives back (boards, groups, pages, PDFs, ink rows) and what an imported board file
 * holds. A record that does not pass is named — table, key and the first problem — by a
 * {@link BadRecordError}, instead of failing later where it is used.
 */
import type { GridaDocument } from '@dotink/ink';
import { z } from 'zod';
import type { BoardRecord, GroupRecord, InkPageRecord, PageRecord, PdfRecord } from './boardTypes';

const finite = z.number().finite();
const count = z.number().int().nonnegative();

export const pageAddressSchema = z.object({
  section: count,
  owner: count,
  book: count,
  page: count,
});

export const homographySchema = z.object({
  a: finite,
  b: finite,
  c: finite,
  d: finite,
  e: finite,
  f: finite,
  g: finite,
  h: finite,
  i: finite,
});

export const sizePtSchema = z.object({ widthPt: finite.positive(), heightPt: finite.positive() });

export const gridaPageSchema = z.object({
  id: z.string().min(1),
  address: pageAddressSchema,
  baseAddress: pageAddressSchema.optional(),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('pdf'), pdfId: z.string().min(1), pageNo: z.number().int().positive() }),
    z.object({ kind: z.literal('ncode') }),
  ]),
  sizePt: sizePtSchema,
  nuToPt: homographySchema,
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  background: z.enum(['basic', 'lined']),
});

export const boardRecordSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  group: z.string(),
  trashed: z.union([z.literal(0), z.literal(1)]),
  createdMs: finite,
  updatedMs: finite,
  lastOpenedMs: finite.nullable(),
  pageCount: count,
});

export const groupRecordSchema = z.object({ name: z.string().min(1), createdMs: finite });

export const pageRecordSchema = gridaPageSchema.extend({ boardId: z.string().min(1), index: count });

const bytes = z.instanceof(Uint8Array);

export const pdfRecordSchema = z.object({
  id: z.string().min(1),
  boardId: z.string().min(1),
  fileName: z.string(),
  fingerprint: z.string(),
  bytes,
});

export const inkPageRecordSchema = z.object({
  boardId: z.string().min(1),
  pageId: z.string().regex(/^\d+\.\d+\.\d+\.\d+$/),
  records: z.array(z.object({ key: z.string(), page: z.string(), dotCount: count }).loose()),
  dots: bytes,
});

/** A board file's content once read (the codec checked the bytes; this checks the model). */
export const gridaDocumentSchema = z.object({
  board: z.object({
    id: z.string(),
    title: z.string(),
    group: z.string(),
    createdMs: finite,
    updatedMs: finite,
  }),
  pdfs: z.array(z.object({ id: z.string().min(1), fileName: z.string(), fingerprint: z.string(), bytes })),
  pages: z.array(gridaPageSchema),
  strokes: z.array(z.object({ key: z.string().min(1), page: pageAddressSchema }).loose()),
});

/** A stored record or file part that is not what it should be. */
export class BadRecordError extends Error {
  constructor(
    /** Where it came from, e.g. `boards` or `.GRIDA pages`. */
    readonly where: string,
    /** Its key, when known. */
    readonly key: string,
    /** The first problem, e.g. `pageCount: expected number`. */
    readonly problem: string,
  ) {
    super(`bad record in ${where}${key ? ` (${key})` : ''}: ${problem}`);
    this.name = 'BadRecordError';
  }
}

/** `value` checked by `schema`; else a {@link BadRecordError} naming it. */
export function checked<T>(schema: z.ZodType<T>, value: unknown, where: string, key = ''): T {
  const r = schema.safeParse(value);
  // the record itself is kept (fields the schema does not list, e.g. a transform's own, stay)
  if (r.success) return value as T;
  const issue = r.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  throw new BadRecordError(where, key, `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid'}`);
}

const keyOf = (v: unknown, field: string): string =>
  typeof v === 'object' && v !== null && field in v ? String((v as Record<string, unknown>)[field]) : '';

export const checkBoard = (v: unknown): BoardRecord =>
  checked(boardRecordSchema, v, 'boards', keyOf(v, 'id'));
export const checkGroup = (v: unknown): GroupRecord =>
  checked(groupRecordSchema, v, 'groups', keyOf(v, 'name'));
export const checkPage = (v: unknown): PageRecord =>
  checked(pageRecordSchema, v, 'pages', keyOf(v, 'id')) as PageRecord;
export const checkPdf = (v: unknown): PdfRecord => checked(pdfRecordSchema, v, 'pdfs', keyOf(v, 'id'));
export const checkInk = (v: unknown): InkPageRecord =>
  checked(inkPageRecordSchema, v, 'ink', keyOf(v, 'pageId')) as unknown as InkPageRecord;

/** A read board file's model, checked. */
export function checkDocument(doc: GridaDocument, fileName: string): GridaDocument {
  checked(gridaDocumentSchema, doc, `.GRIDA ${fileName}`);
  return doc;
}

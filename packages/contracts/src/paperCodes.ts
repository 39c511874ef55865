/**
 * Code issuing (classroom.md §7 `GET /edu/v1/paper/ncode?qty&width&height`, engine.md §7): the
 * consecutive code pages reserved for a paper, as a plain list (not an answer envelope).
 */
import { z } from 'zod';

/** One issued code page: its address and the code file's URL. */
export const issuedCodePageSchema = z.object({
  s: z.number(),
  o: z.number(),
  b: z.number(),
  p: z.number(),
  url: z.string(),
});
export type IssuedCodePage = z.infer<typeof issuedCodePageSchema>;

/** The answer of the code-issuing routes. */
export const issuedCodePagesSchema = z.array(issuedCodePageSchema);
export type IssuedCodePages = z.infer<typeof issuedCodePagesSchema>;

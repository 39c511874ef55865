/** The materialPrint screens' text (classroom.md), in the four languages. */
import { textSlice } from './part';

export const materialPrintText = textSlice({ en: {}, ko: {}, ja: {}, 'zh-TW': {} });

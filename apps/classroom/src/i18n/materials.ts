/** The materials screens' text (classroom.md), in the four languages. */
import { textSlice } from './part';

export const materialsText = textSlice({ en: {}, ko: {}, ja: {}, 'zh-TW': {} });

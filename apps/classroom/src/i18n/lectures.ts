/** The lectures screens' text (classroom.md), in the four languages. */
import { textSlice } from './part';

export const lecturesText = textSlice({ en: {}, ko: {}, ja: {}, 'zh-TW': {} });

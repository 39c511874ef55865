/** The replay screens' text (classroom.md), in the four languages. */
import { textSlice } from './part';

export const replayText = textSlice({ en: {}, ko: {}, ja: {}, 'zh-TW': {} });

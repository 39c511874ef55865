/** The annotation screens' text (classroom.md), in the four languages. */
import { textSlice } from './part';

export const annotationText = textSlice({ en: {}, ko: {}, ja: {}, 'zh-TW': {} });

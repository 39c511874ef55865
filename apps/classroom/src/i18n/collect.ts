/** Collect pens after class (issue 16): offline memory download, upload, delete: text, in the four languages. */
import { textSlice } from './part';

export const collectText = textSlice({
  en: {
    'collect.title': 'collect pens',
  },
  ko: {
    'collect.title': '펜 수거',
  },
  ja: {
    'collect.title': 'ペンの回収',
  },
  'zh-TW': {
    'collect.title': '收集筆',
  },
});

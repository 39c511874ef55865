/** The class analytics screens (math/all, math/categories, math/view) and the books drawer: text, in the four languages. */
import { textSlice } from './part';

export const analyticsClassText = textSlice({
  en: { 'analyticsClass.title': 'pen activity' },
  ko: { 'analyticsClass.title': '펜 활동' },
  ja: { 'analyticsClass.title': 'ペン活動' },
  'zh-TW': { 'analyticsClass.title': '筆跡活動' },
});

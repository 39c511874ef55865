/** The pupil analytics screens (math/student, math/student_categories, calendar) and mathStudyCheck: text, in the four languages. */
import { textSlice } from './part';

export const analyticsPupilText = textSlice({
  en: { 'analyticsPupil.title': 'pen activity' },
  ko: { 'analyticsPupil.title': '펜 활동' },
  ja: { 'analyticsPupil.title': 'ペン活動' },
  'zh-TW': { 'analyticsPupil.title': '筆跡活動' },
});

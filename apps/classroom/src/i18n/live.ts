/** The teacher's live-lesson screen (issue 16): tiles, enlarged pupil, class display: text, in the four languages. */
import { textSlice } from './part';

export const liveText = textSlice({
  en: {
    'live.title': 'live lesson',
  },
  ko: {
    'live.title': '실시간 수업',
  },
  ja: {
    'live.title': 'ライブ授業',
  },
  'zh-TW': {
    'live.title': '即時課堂',
  },
});

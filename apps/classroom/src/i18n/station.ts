/** The pen station (issue 16, /pen): QR sign-in, pens, streaming, the upload queue: text, in the four languages. */
import { textSlice } from './part';

export const stationText = textSlice({
  en: {
    'station.title': 'pen station',
  },
  ko: {
    'station.title': '펜 스테이션',
  },
  ja: {
    'station.title': 'ペンステーション',
  },
  'zh-TW': {
    'station.title': '筆站',
  },
});

/** Text shared by the learning-analytics screens (classroom.md §2 math/*, §5, §8), in the four languages. */
import { textSlice } from './part';

export const analyticsText = textSlice({
  en: {
    'analytics.unclassified': 'unclassified unit',
    'analytics.noData': 'There is no data to show.',
    'analytics.asTable': 'Show as a table',
    'analytics.hideTable': 'Hide the table',
    'analytics.loading': 'loading..',
    'analytics.failed': 'The analysis could not be loaded. ({message})',
  },
  ko: {
    'analytics.unclassified': '미분류 단원',
    'analytics.noData': '표시할 데이터가 없습니다.',
    'analytics.asTable': '표로 보기',
    'analytics.hideTable': '표 숨기기',
    'analytics.loading': '불러오는 중..',
    'analytics.failed': '분석 결과를 불러오지 못했습니다. ({message})',
  },
  ja: {
    'analytics.unclassified': '未分類の単元',
    'analytics.noData': '表示するデータがありません。',
    'analytics.asTable': '表で表示',
    'analytics.hideTable': '表を隠す',
    'analytics.loading': '読み込み中..',
    'analytics.failed': '分析結果を読み込めませんでした。({message})',
  },
  'zh-TW': {
    'analytics.unclassified': '未分類單元',
    'analytics.noData': '沒有可顯示的資料。',
    'analytics.asTable': '以表格顯示',
    'analytics.hideTable': '隱藏表格',
    'analytics.loading': '載入中..',
    'analytics.failed': '無法載入分析結果。({message})',
  },
});

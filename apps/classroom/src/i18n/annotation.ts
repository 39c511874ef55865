/** The annotation screens' text (classroom.md §4, §8), in the four languages. */
import { textSlice } from './part';

export const annotationText = textSlice({
  en: {
    'annotation.upload': 'upload annotation',
    'annotation.uploading': 'uploading annotation…',
    'annotation.pending': 'Strokes not uploaded: {count}',
    'annotation.uploaded': 'Uploaded the annotation information.',
    'annotation.failed': 'Annotation information was not uploaded. Please try again.',
    'annotation.loginFailed': 'student login failed',
    'annotation.penTitle': 'Smart pen',
  },
  ko: {
    'annotation.upload': '첨삭 업로드',
    'annotation.uploading': '첨삭 업로드 중…',
    'annotation.pending': '업로드하지 않은 획: {count}개',
    'annotation.uploaded': '첨삭 정보를 업로드했습니다.',
    'annotation.failed': '첨삭 정보가 업로드되지 않았습니다. 다시 시도해 주세요.',
    'annotation.loginFailed': '학생 로그인에 실패했습니다',
    'annotation.penTitle': '스마트펜',
  },
  ja: {
    'annotation.upload': '添削をアップロード',
    'annotation.uploading': '添削をアップロード中…',
    'annotation.pending': '未アップロード: {count} 画',
    'annotation.uploaded': '添削情報をアップロードしました。',
    'annotation.failed': '添削情報がアップロードされませんでした。もう一度お試しください。',
    'annotation.loginFailed': '生徒のログインに失敗しました',
    'annotation.penTitle': 'スマートペン',
  },
  'zh-TW': {
    'annotation.upload': '上傳批註',
    'annotation.uploading': '正在上傳批註…',
    'annotation.pending': '尚未上傳：{count} 筆劃',
    'annotation.uploaded': '已上傳批註資訊。',
    'annotation.failed': '批註資訊未上傳，請再試一次。',
    'annotation.loginFailed': '學生登入失敗',
    'annotation.penTitle': '智慧筆',
  },
});

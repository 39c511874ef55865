/**
 * The school choice's words (issue 28 item 8): a school's level and region beside its name
 * (`@dotink/contracts/schoolKinds`), the confirmation of the choice, and the administrator's
 * rejection of a request for the wrong school.
 */
import type { RegionOffice, SchoolLevel } from '@dotink/contracts/schoolKinds';
import { textSlice } from './part';

export const schoolsText = textSlice({
  en: {
    'school.region.B10': 'Seoul',
    'school.region.C10': 'Busan',
    'school.region.D10': 'Daegu',
    'school.region.E10': 'Incheon',
    'school.region.F10': 'Gwangju',
    'school.region.G10': 'Daejeon',
    'school.region.H10': 'Ulsan',
    'school.region.I10': 'Sejong',
    'school.region.J10': 'Gyeonggi',
    'school.region.K10': 'Gangwon',
    'school.region.M10': 'North Chungcheong',
    'school.region.N10': 'South Chungcheong',
    'school.region.P10': 'North Jeolla',
    'school.region.Q10': 'South Jeolla',
    'school.region.R10': 'North Gyeongsang',
    'school.region.S10': 'South Gyeongsang',
    'school.region.T10': 'Jeju',
    'school.level.elementary': 'elementary school',
    'school.level.middle': 'middle school',
    'school.level.high': 'high school',
    'school.level.other': 'other school',
    'school.confirmTitle': 'Is this your school?',
    'school.confirmBody':
      '{name} ({details}). Only the administrator of this school can approve you; if it is not your school, they can reject the request and you choose again.',
    'teachers.reject': 'wrong school: reject',
    'teachers.rejectTitle': 'Reject the request?',
    'teachers.rejectBody': '{name} is not a teacher of this school. They will choose their school again.',
    'teachers.rejected': 'Request rejected',
  },
  ko: {
    'school.region.B10': '서울',
    'school.region.C10': '부산',
    'school.region.D10': '대구',
    'school.region.E10': '인천',
    'school.region.F10': '광주',
    'school.region.G10': '대전',
    'school.region.H10': '울산',
    'school.region.I10': '세종',
    'school.region.J10': '경기',
    'school.region.K10': '강원',
    'school.region.M10': '충북',
    'school.region.N10': '충남',
    'school.region.P10': '전북',
    'school.region.Q10': '전남',
    'school.region.R10': '경북',
    'school.region.S10': '경남',
    'school.region.T10': '제주',
    'school.level.elementary': '초등학교',
    'school.level.middle': '중학교',
    'school.level.high': '고등학교',
    'school.level.other': '기타 학교',
    'school.confirmTitle': '이 학교가 맞습니까?',
    'school.confirmBody':
      '{name} ({details}). 이 학교의 관리자만 승인할 수 있습니다. 다른 학교라면 관리자가 요청을 거절한 뒤 다시 고를 수 있습니다.',
    'teachers.reject': '다른 학교: 거절',
    'teachers.rejectTitle': '요청을 거절할까요?',
    'teachers.rejectBody': '{name} 님은 이 학교의 교사가 아닙니다. 학교를 다시 선택하게 됩니다.',
    'teachers.rejected': '요청을 거절했습니다',
  },
  ja: {
    'school.region.B10': 'ソウル',
    'school.region.C10': '釜山',
    'school.region.D10': '大邱',
    'school.region.E10': '仁川',
    'school.region.F10': '光州',
    'school.region.G10': '大田',
    'school.region.H10': '蔚山',
    'school.region.I10': '世宗',
    'school.region.J10': '京畿',
    'school.region.K10': '江原',
    'school.region.M10': '忠清北道',
    'school.region.N10': '忠清南道',
    'school.region.P10': '全羅北道',
    'school.region.Q10': '全羅南道',
    'school.region.R10': '慶尚北道',
    'school.region.S10': '慶尚南道',
    'school.region.T10': '済州',
    'school.level.elementary': '小学校',
    'school.level.middle': '中学校',
    'school.level.high': '高等学校',
    'school.level.other': 'その他の学校',
    'school.confirmTitle': 'この学校で間違いありませんか?',
    'school.confirmBody':
      '{name}({details})。この学校の管理者だけが承認できます。別の学校なら、管理者が申請を拒否した後に選び直せます。',
    'teachers.reject': '別の学校: 拒否',
    'teachers.rejectTitle': '申請を拒否しますか?',
    'teachers.rejectBody': '{name} さんはこの学校の教師ではありません。学校を選び直すことになります。',
    'teachers.rejected': '申請を拒否しました',
  },
  'zh-TW': {
    'school.region.B10': '首爾',
    'school.region.C10': '釜山',
    'school.region.D10': '大邱',
    'school.region.E10': '仁川',
    'school.region.F10': '光州',
    'school.region.G10': '大田',
    'school.region.H10': '蔚山',
    'school.region.I10': '世宗',
    'school.region.J10': '京畿',
    'school.region.K10': '江原',
    'school.region.M10': '忠清北道',
    'school.region.N10': '忠清南道',
    'school.region.P10': '全羅北道',
    'school.region.Q10': '全羅南道',
    'school.region.R10': '慶尚北道',
    'school.region.S10': '慶尚南道',
    'school.region.T10': '濟州',
    'school.level.elementary': '國小',
    'school.level.middle': '國中',
    'school.level.high': '高中',
    'school.level.other': '其他學校',
    'school.confirmTitle': '這是您的學校嗎?',
    'school.confirmBody':
      '{name}({details})。只有此校的管理員能核准您；若不是您的學校，管理員可拒絕申請，之後您可重新選擇。',
    'teachers.reject': '非本校：拒絕',
    'teachers.rejectTitle': '要拒絕申請嗎?',
    'teachers.rejectBody': '{name} 不是本校教師，將重新選擇學校。',
    'teachers.rejected': '已拒絕申請',
  },
});

/** The catalogue key of a region (the compiler checks that each has its text). */
export function regionKey(
  region: RegionOffice,
): `school.region.${RegionOffice}` & keyof typeof schoolsText.en {
  return `school.region.${region}`;
}

/** The catalogue key of a school level. */
export function levelKey(level: SchoolLevel): `school.level.${SchoolLevel}` & keyof typeof schoolsText.en {
  return `school.level.${level}`;
}

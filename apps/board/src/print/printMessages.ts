/**
 * The print flow's interface text in Korean, English, Japanese and Traditional Chinese (German and
 * Spanish fall back to English, as the board's i18n does). The language is the board's
 * (`@dotink/view` i18n); the board-wide messages the spec names for printing (overlap, not the same
 * page, the two print waiting texts) come from the board catalogue itself, so there is one
 * translation of each.
 */
import { interpolate, type Language, type MessageKey, type MessageParams, translate } from '@dotink/view';

const en = {
  'print.title': 'Print',
  'print.mode.simple': 'Simple',
  'print.mode.detailed': 'Detailed settings',
  'print.paper': 'Paper',
  'print.paper.plainPaper': 'Plain paper with the Ncode pattern (colour printer)',
  'print.paper.plainPaper.hint':
    'Prints the document and the Ncode pattern together on plain copy paper. Use a colour laser printer.',
  'print.paper.ncodeA4': 'Pre-printed Ncode A4 paper',
  'print.paper.ncodeA4.hint':
    'Prints only the document on Ncode A4 paper. After printing, register the page order with the pen.',
  'print.paper.savePdf': 'Save a PDF for reprinting',
  'print.paper.savePdf.hint': 'A reprint PDF must be printed at original size with no scaling.',
  'print.range': 'Page range',
  'print.range.placeholder': 'All pages (e.g. 1, 2, 4 or 1-3, 5)',
  'print.range.invalid': 'No page selected: enter pages between 1 and {total}, e.g. 1-3, 5.',
  'print.range.summary': '{count} of {total} pages',
  'print.paperSize': 'Paper size',
  'print.paperSize.fixed': 'Ncode A4 paper is always A4.',
  'print.density': 'Ncode density',
  'print.density.light': 'Light',
  'print.density.normal': 'Normal (recommended)',
  'print.density.dark': 'Dark (only if the code is not recognised at normal or light)',
  'print.outline': 'Page outline',
  'print.colourNote':
    'Colours change: the document is printed without black toner, because the pen reads only the black Ncode dots. Black text comes out dark blue.',
  'print.needsSignIn':
    'Printing the Ncode pattern needs Ncode codes from the server: please sign in. Pre-printed Ncode A4 paper works without signing in.',
  'print.print': 'Print',
  'print.savePdf': 'Save PDF',
  'print.cancel': 'Cancel',
  'print.close': 'Close',
  'progress.title': 'Printing',
  'progress.preparing': 'Preparing',
  'progress.processing': 'Processing page {done} of {total}',
  'progress.cancelling': 'Cancelling',
  'progress.waitingForPrint': 'Waiting for printing to finish',
  'progress.waitingForSave': 'Waiting for the PDF to be saved',
  'progress.printed': 'Done',
  'progress.complete': 'Printing is complete.',
  'progress.completeSaved': 'The PDF is saved.',
  'progress.cancelled': 'Printing was cancelled.',
  'progress.failed': 'Printing failed.',
  'progress.downloadPdf': 'Download the PDF',
  'progress.downloadNproj': 'Download the .nproj file',
  'progress.register': 'Register the page order',
  'codes.unreachable': 'Ncode codes could not be issued: the server could not be reached.',
  // issue 12: printing for every signed-in user, and the download hand-off
  'codes.notSetUp': 'Printing with the Ncode pattern is not set up on this server.',
  'codes.dailyLimit':
    'You have used today’s limit of pages printed with the pattern. Please try again tomorrow.',
  'handOff.downloaded':
    'This browser cannot print the PDF at full quality, so it was downloaded. Open it and print at 100 % (actual size), without “fit to page”: otherwise the pen cannot read the pattern.',
  'registration.title': 'Page-order registration: page {page} of {total}',
  'registration.topLeft': 'With the pen, tap the mark at the top left of printed page 1.',
  'registration.bottomRight': 'Now tap the mark at the bottom right of the same page.',
  'registration.anywhere': 'Tap anywhere on printed page {page}.',
  'registration.progress': '{done} of {total} pages registered',
  'registration.cancel': 'Cancel',
} as const;

/** Every print-flow text key. */
export type PrintMessageKey = keyof typeof en;
type PrintMessages = { readonly [K in PrintMessageKey]: string };

const ko: PrintMessages = {
  'print.title': '인쇄',
  'print.mode.simple': '간단히',
  'print.mode.detailed': '상세 설정',
  'print.paper': '용지',
  'print.paper.plainPaper': '일반 용지에 Ncode 패턴 인쇄 (컬러 프린터)',
  'print.paper.plainPaper.hint':
    '일반 복사 용지에 문서와 Ncode 패턴을 함께 인쇄합니다. 컬러 레이저 프린터를 사용하세요.',
  'print.paper.ncodeA4': 'Ncode A4 용지 (패턴이 인쇄된 용지)',
  'print.paper.ncodeA4.hint': 'Ncode A4 용지에 문서만 인쇄합니다. 인쇄 후 펜으로 페이지 순서를 등록하세요.',
  'print.paper.savePdf': '다시 인쇄할 PDF 저장',
  'print.paper.savePdf.hint': '다시 인쇄할 PDF는 배율 조정 없이 원래 크기로 인쇄해야 합니다.',
  'print.range': '페이지 범위',
  'print.range.placeholder': '모든 페이지 (예: 1, 2, 4 또는 1-3, 5)',
  'print.range.invalid': '선택된 페이지가 없습니다: 1부터 {total} 사이의 페이지를 입력하세요. 예: 1-3, 5',
  'print.range.summary': '전체 {total}페이지 중 {count}페이지',
  'print.paperSize': '용지 크기',
  'print.paperSize.fixed': 'Ncode A4 용지는 항상 A4입니다.',
  'print.density': 'Ncode 농도',
  'print.density.light': '연하게',
  'print.density.normal': '보통 (권장)',
  'print.density.dark': '진하게 (보통이나 연하게로 인식되지 않을 때만)',
  'print.outline': '페이지 외곽선',
  'print.colourNote':
    '색이 바뀝니다: 펜은 검은 Ncode 점만 읽으므로 문서는 검정 토너 없이 인쇄됩니다. 검은 글자는 진한 파란색으로 인쇄됩니다.',
  'print.needsSignIn':
    'Ncode 패턴을 인쇄하려면 서버에서 Ncode 코드를 받아야 합니다: 로그인해 주세요. Ncode A4 용지는 로그인 없이 인쇄할 수 있습니다.',
  'print.print': '인쇄',
  'print.savePdf': 'PDF 저장',
  'print.cancel': '취소',
  'print.close': '닫기',
  'progress.title': '인쇄 중',
  'progress.preparing': '준비 중',
  'progress.processing': '{total}페이지 중 {done}페이지 처리 중',
  'progress.cancelling': '취소하는 중',
  'progress.waitingForPrint': '인쇄가 끝나기를 기다리는 중',
  'progress.waitingForSave': 'PDF 저장을 기다리는 중',
  'progress.printed': '완료',
  'progress.complete': '인쇄가 완료되었습니다.',
  'progress.completeSaved': 'PDF가 저장되었습니다.',
  'progress.cancelled': '인쇄가 취소되었습니다.',
  'progress.failed': '인쇄하지 못했습니다.',
  'progress.downloadPdf': 'PDF 내려받기',
  'progress.downloadNproj': '.nproj 파일 내려받기',
  'progress.register': '페이지 순서 등록',
  'codes.unreachable': 'Ncode 코드를 발급하지 못했습니다: 서버에 연결할 수 없습니다.',
  // issue 12: printing for every signed-in user, and the download hand-off
  'codes.notSetUp': '이 서버에는 Ncode 패턴 인쇄가 설정되어 있지 않습니다.',
  'codes.dailyLimit': '오늘 패턴으로 인쇄할 수 있는 페이지 수를 모두 사용했습니다. 내일 다시 시도하세요.',
  'handOff.downloaded':
    '이 브라우저는 PDF를 원래 품질로 인쇄할 수 없어 PDF를 내려받았습니다. PDF를 열어 100 %(실제 크기)로, ‘페이지에 맞추기’ 없이 인쇄하세요. 그렇지 않으면 펜이 패턴을 읽을 수 없습니다.',
  'registration.title': '페이지 순서 등록: {total}페이지 중 {page}페이지',
  'registration.topLeft': '펜으로 인쇄된 1페이지 왼쪽 위의 표시를 누르세요.',
  'registration.bottomRight': '이제 같은 페이지 오른쪽 아래의 표시를 누르세요.',
  'registration.anywhere': '인쇄된 {page}페이지의 아무 곳이나 누르세요.',
  'registration.progress': '{total}페이지 중 {done}페이지 등록됨',
  'registration.cancel': '취소',
};

const ja: PrintMessages = {
  'print.title': '印刷',
  'print.mode.simple': 'かんたん',
  'print.mode.detailed': '詳細設定',
  'print.paper': '用紙',
  'print.paper.plainPaper': '普通紙にNcodeパターンを印刷（カラープリンター）',
  'print.paper.plainPaper.hint':
    '普通のコピー用紙に文書とNcodeパターンを一緒に印刷します。カラーレーザープリンターを使用してください。',
  'print.paper.ncodeA4': 'Ncode A4用紙（パターン印刷済み）',
  'print.paper.ncodeA4.hint':
    'Ncode A4用紙に文書だけを印刷します。印刷後、ペンでページ順を登録してください。',
  'print.paper.savePdf': '再印刷用のPDFを保存',
  'print.paper.savePdf.hint': '再印刷用のPDFは、拡大・縮小せずに原寸で印刷してください。',
  'print.range': 'ページ範囲',
  'print.range.placeholder': 'すべてのページ（例：1, 2, 4 または 1-3, 5）',
  'print.range.invalid':
    'ページが選択されていません：1から{total}までのページを入力してください（例：1-3, 5）。',
  'print.range.summary': '{total}ページ中{count}ページ',
  'print.paperSize': '用紙サイズ',
  'print.paperSize.fixed': 'Ncode A4用紙は常にA4です。',
  'print.density': 'Ncodeの濃さ',
  'print.density.light': '薄い',
  'print.density.normal': '標準（推奨）',
  'print.density.dark': '濃い（標準や薄いで認識されない場合のみ）',
  'print.outline': 'ページの枠線',
  'print.colourNote':
    '色が変わります：ペンは黒いNcodeドットだけを読み取るため、文書は黒トナーを使わずに印刷されます。黒い文字は濃い青で印刷されます。',
  'print.needsSignIn':
    'Ncodeパターンを印刷するには、サーバーからNcodeコードを取得する必要があります：サインインしてください。Ncode A4用紙はサインインなしで印刷できます。',
  'print.print': '印刷',
  'print.savePdf': 'PDFを保存',
  'print.cancel': 'キャンセル',
  'print.close': '閉じる',
  'progress.title': '印刷中',
  'progress.preparing': '準備中',
  'progress.processing': '{total}ページ中{done}ページを処理中',
  'progress.cancelling': 'キャンセル中',
  'progress.waitingForPrint': '印刷の終了を待っています',
  'progress.waitingForSave': 'PDFの保存を待っています',
  'progress.printed': '完了',
  'progress.complete': '印刷が完了しました。',
  'progress.completeSaved': 'PDFを保存しました。',
  'progress.cancelled': '印刷はキャンセルされました。',
  'progress.failed': '印刷できませんでした。',
  'progress.downloadPdf': 'PDFをダウンロード',
  'progress.downloadNproj': '.nprojファイルをダウンロード',
  'progress.register': 'ページ順を登録',
  'codes.unreachable': 'Ncodeコードを発行できませんでした：サーバーに接続できません。',
  // issue 12: printing for every signed-in user, and the download hand-off
  'codes.notSetUp': 'このサーバーでは Ncode パターンの印刷が設定されていません。',
  'codes.dailyLimit': '本日パターン付きで印刷できるページ数の上限に達しました。明日もう一度お試しください。',
  'handOff.downloaded':
    'このブラウザーでは PDF を元の品質で印刷できないため、PDF をダウンロードしました。PDF を開き、100 %（実際のサイズ）で「用紙に合わせる」を使わずに印刷してください。そうしないとペンがパターンを読み取れません。',
  'registration.title': 'ページ順の登録：{total}ページ中{page}ページ',
  'registration.topLeft': '印刷した1ページ目の左上のマークをペンでタップしてください。',
  'registration.bottomRight': '次に、同じページの右下のマークをタップしてください。',
  'registration.anywhere': '印刷した{page}ページ目のどこかをタップしてください。',
  'registration.progress': '{total}ページ中{done}ページ登録済み',
  'registration.cancel': 'キャンセル',
};

const zhTW: PrintMessages = {
  'print.title': '列印',
  'print.mode.simple': '簡易',
  'print.mode.detailed': '詳細設定',
  'print.paper': '紙張',
  'print.paper.plainPaper': '在一般紙張上列印 Ncode 圖樣（彩色印表機）',
  'print.paper.plainPaper.hint': '在一般影印紙上同時列印文件與 Ncode 圖樣。請使用彩色雷射印表機。',
  'print.paper.ncodeA4': '已印好圖樣的 Ncode A4 紙',
  'print.paper.ncodeA4.hint': '只在 Ncode A4 紙上列印文件。列印後，請用筆登錄頁面順序。',
  'print.paper.savePdf': '儲存供重新列印的 PDF',
  'print.paper.savePdf.hint': '重新列印的 PDF 必須以原始大小列印，不可縮放。',
  'print.range': '頁面範圍',
  'print.range.placeholder': '所有頁面（例如 1, 2, 4 或 1-3, 5）',
  'print.range.invalid': '未選取任何頁面：請輸入 1 到 {total} 之間的頁碼，例如 1-3, 5。',
  'print.range.summary': '共 {total} 頁中的 {count} 頁',
  'print.paperSize': '紙張大小',
  'print.paperSize.fixed': 'Ncode A4 紙固定為 A4。',
  'print.density': 'Ncode 濃度',
  'print.density.light': '淡',
  'print.density.normal': '一般（建議）',
  'print.density.dark': '深（僅在一般或淡無法辨識時使用）',
  'print.outline': '頁面外框',
  'print.colourNote':
    '顏色會改變：筆只讀取黑色的 Ncode 點，因此文件以不含黑色碳粉的方式列印。黑色文字會印成深藍色。',
  'print.needsSignIn':
    '列印 Ncode 圖樣需要從伺服器取得 Ncode 代碼：請先登入。已印好圖樣的 Ncode A4 紙不需登入即可列印。',
  'print.print': '列印',
  'print.savePdf': '儲存 PDF',
  'print.cancel': '取消',
  'print.close': '關閉',
  'progress.title': '列印中',
  'progress.preparing': '準備中',
  'progress.processing': '正在處理第 {done} 頁，共 {total} 頁',
  'progress.cancelling': '正在取消',
  'progress.waitingForPrint': '等待列印完成',
  'progress.waitingForSave': '等待 PDF 儲存',
  'progress.printed': '完成',
  'progress.complete': '列印完成。',
  'progress.completeSaved': 'PDF 已儲存。',
  'progress.cancelled': '已取消列印。',
  'progress.failed': '無法列印。',
  'progress.downloadPdf': '下載 PDF',
  'progress.downloadNproj': '下載 .nproj 檔案',
  'progress.register': '登錄頁面順序',
  'codes.unreachable': '無法核發 Ncode 代碼：無法連線到伺服器。',
  // issue 12: printing for every signed-in user, and the download hand-off
  'codes.notSetUp': '此伺服器尚未設定 Ncode 圖樣列印。',
  'codes.dailyLimit': '今天以圖樣列印的頁數已達上限，請明天再試。',
  'handOff.downloaded':
    '此瀏覽器無法以原始品質列印 PDF，因此已下載 PDF。請開啟 PDF，以 100 %（實際大小）列印，不要選擇「符合頁面大小」，否則筆無法讀取圖樣。',
  'registration.title': '登錄頁面順序：第 {page} 頁，共 {total} 頁',
  'registration.topLeft': '請用筆點選列印的第 1 頁左上角的標記。',
  'registration.bottomRight': '接著點選同一頁右下角的標記。',
  'registration.anywhere': '請點選列印的第 {page} 頁上的任何位置。',
  'registration.progress': '已登錄 {done} 頁，共 {total} 頁',
  'registration.cancel': '取消',
};

const CATALOGUES: Readonly<Partial<Record<Language, PrintMessages>>> = { en, ko, ja, 'zh-TW': zhTW };

/** The languages with a complete print catalogue. */
export const PRINT_LANGUAGES: readonly Language[] = Object.freeze(['ko', 'en', 'ja', 'zh-TW']);

/** The print-flow keys (for tests). */
export const PRINT_MESSAGE_KEYS = Object.freeze(Object.keys(en) as PrintMessageKey[]);

/** The board-wide keys the print flow shows (spec messages, translated once in the board catalogue). */
export type BoardMessageKey = Extract<
  MessageKey,
  'page.overlap' | 'page.notSame' | 'print.running' | 'print.waitLonger'
>;

/** Print text of either catalogue. */
export type PrintTranslate = (key: PrintMessageKey | BoardMessageKey, params?: MessageParams) => string;

const BOARD_KEYS: ReadonlySet<string> = new Set([
  'page.overlap',
  'page.notSame',
  'print.running',
  'print.waitLonger',
]);

/** The text of `key` in `language` (English where the language has none). */
export function printText(
  language: Language,
  key: PrintMessageKey | BoardMessageKey,
  params?: MessageParams,
): string {
  if (BOARD_KEYS.has(key)) return translate(language, key as BoardMessageKey, params);
  const k = key as PrintMessageKey;
  return interpolate(CATALOGUES[language]?.[k] ?? en[k], params);
}

/** A print translate function bound to a language. */
export function printTranslator(language: Language): PrintTranslate {
  return (key, params) => printText(language, key, params);
}

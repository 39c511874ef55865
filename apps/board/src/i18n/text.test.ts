import { detectLanguage, LANGUAGES, type Language } from '@dotink/view';
import { describe, expect, it } from 'vitest';
import { FILE_NAME_MESSAGES } from '../model/fileName';
import { boardEn } from './en';
import { boardLanguage, boardText, menuLanguages, missingBoardKeys } from './text';

describe('board text', () => {
  it('Korean, Japanese and Traditional Chinese are complete; German and Spanish fall back to English', () => {
    expect(missingBoardKeys('ko')).toEqual([]);
    expect(missingBoardKeys('ja')).toEqual([]);
    expect(missingBoardKeys('zh-TW')).toEqual([]);
    expect(missingBoardKeys('de')).toEqual(Object.keys(boardEn));
    expect(boardText('de', 'list.trash')).toBe('Trash');
    expect(boardText('es', 'board.empty')).toBe('Register a PDF or create a page using a pen');
  });

  it('reaches the view catalogue for the spec messages, with parameters', () => {
    expect(boardText('en', 'pen.passwordWrong', { count: 3 })).toBe(
      'You entered the wrong password 3 times. If 10 times of incorrect password, the handwritten data will be reset.',
    );
    expect(boardText('ko', 'import.duplicatePdf')).toBe('이미 등록된 PDF가 있습니다');
    expect(boardText('en', 'list.selectedCount', { count: 2 })).toBe('2 selected');
  });

  it('counts in each language: one board, two boards (plural forms by Intl.PluralRules)', () => {
    const del = (l: Language, count: number) => boardText(l, 'list.deleteForeverConfirm', { count });
    expect(del('en', 1)).toBe('Delete 1 board forever? Its pages, PDFs and writing cannot be restored.');
    expect(del('en', 2)).toBe('Delete 2 boards forever? Their pages, PDFs and writing cannot be restored.');
    expect(del('de', 1)).toBe(del('en', 1));
    expect(del('ko', 1)).toBe('보드 1개를 영구 삭제할까요? 페이지, PDF와 필기를 복구할 수 없습니다.');
    expect(del('ja', 1)).toBe('1 件のボードを完全に削除しますか？ページ、PDF、筆記は元に戻せません。');
    expect(del('zh-TW', 1)).toBe('要永久刪除 1 個白板嗎？其頁面、PDF 和筆跡將無法復原。');
    expect(boardText('en', 'list.pageCount', { count: 1 })).toBe('1 page');
    expect(boardText('en', 'list.pageCount', { count: 0 })).toBe('0 pages');
    expect(boardText('en', 'list.pageCount', { count: 12 })).toBe('12 pages');
    expect(boardText('ko', 'list.pageCount', { count: 1 })).toBe('1페이지');
  });

  it('quotes the file-name rules as the model states them', () => {
    expect(boardText('en', 'fileName.leadingDot')).toBe(FILE_NAME_MESSAGES.leadingDot);
    expect(boardText('en', 'fileName.characters')).toBe(FILE_NAME_MESSAGES.characters);
    expect(boardText('en', 'fileName.empty')).toBe(FILE_NAME_MESSAGES.empty);
  });

  it('language: ?lang= first, then the browser, then English', () => {
    expect(detectLanguage({ search: '?lang=ja', navigatorLanguages: ['ko-KR'] })).toBe('ja');
    expect(detectLanguage({ navigatorLanguages: ['zh-TW'] })).toBe('zh-TW');
    expect(detectLanguage({ navigatorLanguages: ['fr-FR'] })).toBe('en');
  });

  it('a language without board text (German, Spanish) falls back to English, as the menu shows', () => {
    expect(boardLanguage({ navigatorLanguages: ['de-DE', 'de'] })).toBe('en');
    expect(boardLanguage({ navigatorLanguages: ['es-ES'] })).toBe('en');
    expect(boardLanguage({ search: '?lang=de', navigatorLanguages: ['ko-KR'] })).toBe('ko');
    expect(boardLanguage({ search: '?lang=es' })).toBe('en');
    // the browser's next language the board has text for wins over English
    expect(boardLanguage({ navigatorLanguages: ['de-DE', 'ja-JP'] })).toBe('ja');
    // the choice remembered from the menu, then the browser
    expect(boardLanguage({ navigatorLanguages: ['ko-KR'] }, 'zh-TW')).toBe('zh-TW');
    expect(boardLanguage({ navigatorLanguages: ['ko-KR'] }, 'de')).toBe('ko');
    expect(boardLanguage({ search: '?lang=ja', navigatorLanguages: ['ko-KR'] }, 'zh-TW')).toBe('ja');
    // whatever the hints, the result is a language the menu offers
    for (const tag of ['de', 'es-MX', 'fr', 'zh-CN', 'ko', 'en-GB'])
      expect(menuLanguages(LANGUAGES)).toContain(boardLanguage({ navigatorLanguages: [tag] }));
  });
});

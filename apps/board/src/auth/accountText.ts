/**
 * The words of the sign-in button and the sync indicator in the board's languages (German and
 * Spanish fall back to English, as the board's other texts do, board.md §1).
 */
import type { Language } from '@dotink/view';

export interface AccountText {
  readonly signIn: string;
  readonly signingIn: string;
  readonly signOut: string;
  readonly syncing: string;
  readonly synced: string;
  readonly syncFailed: string;
  readonly syncNow: string;
  readonly received: (count: number) => string;
}

const en: AccountText = {
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  signOut: 'Sign out',
  syncing: 'Syncing…',
  synced: 'Synced',
  syncFailed: 'Not synced (kept on this device)',
  syncNow: 'Sync now',
  received: (n) => `${n} board(s) received`,
};

const TEXTS: Readonly<Partial<Record<Language, AccountText>>> = {
  en,
  ko: {
    signIn: '로그인',
    signingIn: '로그인 중…',
    signOut: '로그아웃',
    syncing: '동기화 중…',
    synced: '동기화됨',
    syncFailed: '동기화 안 됨 (이 기기에 보관됨)',
    syncNow: '지금 동기화',
    received: (n) => `보드 ${n}개 받음`,
  },
  ja: {
    signIn: 'サインイン',
    signingIn: 'サインイン中…',
    signOut: 'サインアウト',
    syncing: '同期中…',
    synced: '同期済み',
    syncFailed: '未同期（この端末に保存）',
    syncNow: '今すぐ同期',
    received: (n) => `ボードを${n}件受信`,
  },
  'zh-TW': {
    signIn: '登入',
    signingIn: '登入中…',
    signOut: '登出',
    syncing: '同步中…',
    synced: '已同步',
    syncFailed: '未同步（保留在此裝置）',
    syncNow: '立即同步',
    received: (n) => `已接收 ${n} 個白板`,
  },
};

/** The texts for a language. */
export function accountText(language: Language): AccountText {
  return TEXTS[language] ?? en;
}

/**
 * The words of the sign-in button and the sync indicator in the board's languages (German and
 * Spanish fall back to English, as the board's other texts do, board.md §1).
 */
import type { Language } from '@dotink/view';
import type { SyncProblem } from '../sync/syncProblem';

export interface AccountText {
  readonly signIn: string;
  readonly signingIn: string;
  readonly signOut: string;
  readonly syncing: string;
  readonly synced: string;
  readonly syncFailed: string;
  readonly syncNow: string;
  readonly received: (count: number) => string;
  /** Why a sync failed, in a few words (beside "Not synced"), and what to do. */
  readonly problem: (p: SyncProblem) => { readonly short: string; readonly full: string };
  /** The button that shows or hides the full explanation. */
  readonly why: string;
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
  why: 'Why?',
  problem: (p) => {
    switch (p.kind) {
      case 'approval':
        return {
          short: 'waiting for approval',
          full: "Your account is waiting for approval, so the server does not keep boards for it yet. Your boards are kept on this device. Ask your school's administrator to approve your account, then sign out and sign in again: your boards will sync.",
        };
      case 'signedOut':
        return {
          short: 'signed out',
          full: 'Your sign-in has ended. Your boards are kept on this device. Sign in again to sync them.',
        };
      case 'unavailable':
        return {
          short: 'server unavailable',
          full: 'The server cannot store boards right now (it may be restarting or under maintenance). Your boards are kept on this device and sync on their own once it is back.',
        };
      case 'offline':
        return {
          short: 'no connection',
          full: 'The server cannot be reached: check the network connection. Your boards are kept on this device and sync on their own once the connection is back.',
        };
      case 'other':
        return {
          short: 'server error',
          full: `The server refused the sync${p.status ? ` (code ${p.status})` : ''}. Your boards are kept on this device; the sync is tried again every 20 seconds. If it goes on, tell your administrator.`,
        };
    }
  },
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
    why: '이유 보기',
    problem: (p) => {
      switch (p.kind) {
        case 'approval':
          return {
            short: '승인 대기 중',
            full: '계정이 아직 승인을 기다리고 있어 서버가 보드를 보관하지 않습니다. 보드는 이 기기에 보관되어 있습니다. 학교 관리자에게 계정 승인을 요청한 뒤 로그아웃했다가 다시 로그인하면 보드가 동기화됩니다.',
          };
        case 'signedOut':
          return {
            short: '로그아웃됨',
            full: '로그인이 끝났습니다. 보드는 이 기기에 보관되어 있습니다. 다시 로그인하면 동기화됩니다.',
          };
        case 'unavailable':
          return {
            short: '서버 사용 불가',
            full: '지금은 서버가 보드를 저장할 수 없습니다(재시작 또는 점검 중일 수 있습니다). 보드는 이 기기에 보관되어 있으며 서버가 돌아오면 자동으로 동기화됩니다.',
          };
        case 'offline':
          return {
            short: '연결 없음',
            full: '서버에 연결할 수 없습니다. 네트워크 연결을 확인하세요. 보드는 이 기기에 보관되어 있으며 연결이 돌아오면 자동으로 동기화됩니다.',
          };
        case 'other':
          return {
            short: '서버 오류',
            full: `서버가 동기화를 거부했습니다${p.status ? `(코드 ${p.status})` : ''}. 보드는 이 기기에 보관되어 있으며 20초마다 다시 시도합니다. 계속되면 관리자에게 알려 주세요.`,
          };
      }
    },
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
    why: '理由',
    problem: (p) => {
      switch (p.kind) {
        case 'approval':
          return {
            short: '承認待ち',
            full: 'アカウントが承認待ちのため、サーバーはまだボードを保管しません。ボードはこの端末に保存されています。学校の管理者にアカウントの承認を依頼し、サインアウトしてもう一度サインインすると同期されます。',
          };
        case 'signedOut':
          return {
            short: 'サインアウト',
            full: 'サインインが終了しました。ボードはこの端末に保存されています。もう一度サインインすると同期されます。',
          };
        case 'unavailable':
          return {
            short: 'サーバー利用不可',
            full: 'サーバーは現在ボードを保存できません（再起動中またはメンテナンス中の可能性があります）。ボードはこの端末に保存されており、サーバーが戻ると自動的に同期されます。',
          };
        case 'offline':
          return {
            short: '接続なし',
            full: 'サーバーに接続できません。ネットワーク接続を確認してください。ボードはこの端末に保存されており、接続が戻ると自動的に同期されます。',
          };
        case 'other':
          return {
            short: 'サーバーエラー',
            full: `サーバーが同期を拒否しました${p.status ? `（コード ${p.status}）` : ''}。ボードはこの端末に保存されており、20秒ごとに再試行します。続く場合は管理者に連絡してください。`,
          };
      }
    },
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
    why: '原因',
    problem: (p) => {
      switch (p.kind) {
        case 'approval':
          return {
            short: '等待核准',
            full: '您的帳號仍在等待核准，伺服器尚不保存其白板。白板保留在此裝置上。請向學校管理員申請核准帳號，然後登出再重新登入，白板就會同步。',
          };
        case 'signedOut':
          return {
            short: '已登出',
            full: '您的登入已結束。白板保留在此裝置上。重新登入即可同步。',
          };
        case 'unavailable':
          return {
            short: '伺服器無法使用',
            full: '伺服器目前無法儲存白板（可能正在重新啟動或維護中）。白板保留在此裝置上，伺服器恢復後會自動同步。',
          };
        case 'offline':
          return {
            short: '沒有連線',
            full: '無法連線到伺服器，請檢查網路連線。白板保留在此裝置上，連線恢復後會自動同步。',
          };
        case 'other':
          return {
            short: '伺服器錯誤',
            full: `伺服器拒絕了同步${p.status ? `（代碼 ${p.status}）` : ''}。白板保留在此裝置上，每 20 秒會再試一次。若持續發生，請告知管理員。`,
          };
      }
    },
  },
};

/** The texts for a language. */
export function accountText(language: Language): AccountText {
  return TEXTS[language] ?? en;
}

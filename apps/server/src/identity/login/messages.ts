/**
 * The text of the sign-in pages in the four interface languages of dotink (Korean, English,
 * Japanese, Traditional Chinese; see the board spec), and the choice of one of them per request:
 * the OIDC `ui_locales` of the authorization request, then `Accept-Language`, then English.
 * German, Spanish and every other language fall back to English.
 *
 * Texts are plain (unescaped) strings; the views escape them. Texts with a value in them are
 * functions of that value.
 */
/** The languages the sign-in pages speak, as BCP 47 tags (also used for `<html lang>`). */
export const LANGUAGES = ['ko', 'en', 'ja', 'zh-TW'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language when nothing the browser or client asks for is available. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Every text of the sign-in pages. */
export interface LoginMessages {
  // Account chooser
  readonly chooserTitle: string;
  readonly chooserSub: (clientName: string) => string;
  readonly signInWithUpstream: (upstreamName: string) => string;
  readonly signInWithDotink: string;
  readonly loginAccountsLabel: string;
  readonly cancel: string;
  // Sign-in form
  readonly signInTitle: string;
  readonly signInSub: (clientName: string) => string;
  readonly usernameLabel: string;
  readonly passwordLabel: string;
  readonly signInButton: string;
  readonly otherAccounts: string;
  readonly createAccountLink: string;
  // Sign-up form
  readonly signUpTitle: string;
  readonly signUpSub: (clientName: string) => string;
  readonly nameLabel: string;
  readonly emailLabel: string;
  readonly passwordHint: (minLength: number) => string;
  readonly confirmLabel: string;
  readonly signUpButton: string;
  readonly haveAccount: string;
  // Error pages
  readonly backHome: string;
  readonly expiredTitle: string;
  readonly expired: string;
  readonly notAvailableTitle: string;
  readonly methodNotSetUp: string;
  // Form errors
  readonly missingCredentials: string;
  readonly invalidCredentials: string;
  readonly lockedOut: (minutes: number) => string;
  /** Too many sign-ups from one address. */
  readonly signUpLimited: (minutes: number) => string;
  readonly nameRequired: string;
  readonly emailInvalid: string;
  readonly passwordTooShort: (minLength: number) => string;
  readonly passwordsDiffer: string;
  readonly emailTaken: string;
  readonly upstreamNotCompleted: (upstreamName: string, error: string) => string;
  readonly upstreamFailed: (upstreamName: string) => string;
  // Sign-out (the end-session page sends itself; its button is for a browser without scripts)
  readonly signingOutTitle: string;
  readonly signingOut: string;
  readonly signOutButton: string;
  readonly signedOutTitle: string;
  readonly signedOut: string;
}

const en: LoginMessages = {
  chooserTitle: 'Select login account',
  chooserSub: (client) => `to continue to ${client}`,
  signInWithUpstream: (name) => `Sign in with ${name}`,
  signInWithDotink: 'Sign in with a dotink account',
  loginAccountsLabel: 'Login accounts',
  cancel: 'Cancel',
  signInTitle: 'Sign in',
  signInSub: (client) => `with your dotink account, to continue to ${client}`,
  usernameLabel: 'E-mail or student ID',
  passwordLabel: 'Password',
  signInButton: 'Sign in',
  otherAccounts: 'Other login accounts',
  createAccountLink: 'Create an account',
  signUpTitle: 'Create an account',
  signUpSub: (client) => `for ${client}. A school administrator approves new teachers.`,
  nameLabel: 'Name',
  emailLabel: 'E-mail',
  passwordHint: (n) => `At least ${n} characters.`,
  confirmLabel: 'Repeat the password',
  signUpButton: 'Create account',
  haveAccount: 'I have an account',
  backHome: 'Back to dotink',
  expiredTitle: 'Sign-in expired',
  expired: 'This sign-in request has expired or is not valid. Go back to the app and sign in again.',
  notAvailableTitle: 'Not available',
  methodNotSetUp: 'This sign-in method is not set up.',
  missingCredentials: 'Enter your login name and password.',
  invalidCredentials: 'The login name or password is incorrect.',
  lockedOut: (m) => `Too many failed sign-in attempts. Try again in ${m} minute${m === 1 ? '' : 's'}.`,
  signUpLimited: (m) => `Too many sign-ups from this network. Try again in ${m} minute${m === 1 ? '' : 's'}.`,
  nameRequired: 'Enter your name.',
  emailInvalid: 'Enter a valid e-mail address.',
  passwordTooShort: (n) => `The password needs at least ${n} characters.`,
  passwordsDiffer: 'The two passwords differ.',
  emailTaken: 'An account with this e-mail already exists.',
  upstreamNotCompleted: (name, error) => `${name} sign-in was not completed (${error}).`,
  upstreamFailed: (name) => `${name} sign-in failed. Try again.`,
  signingOutTitle: 'Signing out',
  signingOut: 'You are being signed out of dotink on this browser.',
  signOutButton: 'Sign out',
  signedOutTitle: 'Signed out',
  signedOut: 'You are signed out of dotink on this browser.',
};

const ko: LoginMessages = {
  chooserTitle: '로그인 계정 선택',
  chooserSub: (client) => `${client}(으)로 계속하려면 계정을 선택하세요`,
  signInWithUpstream: (name) => `${name} 계정으로 로그인`,
  signInWithDotink: 'dotink 계정으로 로그인',
  loginAccountsLabel: '로그인 계정',
  cancel: '취소',
  signInTitle: '로그인',
  signInSub: (client) => `dotink 계정으로 로그인하여 ${client}(으)로 계속합니다`,
  usernameLabel: '이메일 또는 학번',
  passwordLabel: '비밀번호',
  signInButton: '로그인',
  otherAccounts: '다른 로그인 계정',
  createAccountLink: '계정 만들기',
  signUpTitle: '계정 만들기',
  signUpSub: (client) => `${client}에서 사용할 계정을 만듭니다. 새 교사 계정은 학교 관리자가 승인합니다.`,
  nameLabel: '이름',
  emailLabel: '이메일',
  passwordHint: (n) => `${n}자 이상 입력하세요.`,
  confirmLabel: '비밀번호 확인',
  signUpButton: '계정 만들기',
  haveAccount: '이미 계정이 있어요',
  backHome: 'dotink로 돌아가기',
  expiredTitle: '로그인 요청 만료',
  expired: '이 로그인 요청은 만료되었거나 올바르지 않습니다. 앱으로 돌아가 다시 로그인하세요.',
  notAvailableTitle: '사용할 수 없음',
  methodNotSetUp: '이 로그인 방법은 설정되어 있지 않습니다.',
  missingCredentials: '아이디와 비밀번호를 입력하세요.',
  invalidCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  lockedOut: (m) => `로그인에 너무 많이 실패했습니다. ${m}분 후에 다시 시도하세요.`,
  signUpLimited: (m) => `이 네트워크에서 가입 요청이 너무 많습니다. ${m}분 후에 다시 시도하세요.`,
  nameRequired: '이름을 입력하세요.',
  emailInvalid: '올바른 이메일 주소를 입력하세요.',
  passwordTooShort: (n) => `비밀번호는 ${n}자 이상이어야 합니다.`,
  passwordsDiffer: '두 비밀번호가 일치하지 않습니다.',
  emailTaken: '이 이메일로 가입된 계정이 이미 있습니다.',
  upstreamNotCompleted: (name, error) => `${name} 로그인이 완료되지 않았습니다(${error}).`,
  upstreamFailed: (name) => `${name} 로그인에 실패했습니다. 다시 시도하세요.`,
  signingOutTitle: '로그아웃',
  signingOut: '이 브라우저의 dotink 로그인을 종료하는 중입니다.',
  signOutButton: '로그아웃',
  signedOutTitle: '로그아웃됨',
  signedOut: '이 브라우저의 dotink 로그인이 종료되었습니다.',
};

const ja: LoginMessages = {
  chooserTitle: 'ログインアカウントの選択',
  chooserSub: (client) => `${client} で使うアカウントを選んでください`,
  signInWithUpstream: (name) => `${name} でログイン`,
  signInWithDotink: 'dotink アカウントでログイン',
  loginAccountsLabel: 'ログインアカウント',
  cancel: 'キャンセル',
  signInTitle: 'ログイン',
  signInSub: (client) => `dotink アカウントでログインして ${client} に進みます`,
  usernameLabel: 'メールアドレスまたは学籍番号',
  passwordLabel: 'パスワード',
  signInButton: 'ログイン',
  otherAccounts: 'ほかのログインアカウント',
  createAccountLink: 'アカウントを作成',
  signUpTitle: 'アカウントの作成',
  signUpSub: (client) =>
    `${client} で使うアカウントを作成します。新しい教員アカウントは学校の管理者が承認します。`,
  nameLabel: '氏名',
  emailLabel: 'メールアドレス',
  passwordHint: (n) => `${n} 文字以上で入力してください。`,
  confirmLabel: 'パスワード（確認）',
  signUpButton: 'アカウントを作成',
  haveAccount: 'アカウントをお持ちの方',
  backHome: 'dotink に戻る',
  expiredTitle: 'ログインの有効期限切れ',
  expired: 'このログイン要求は期限が切れているか、無効です。アプリに戻って、もう一度ログインしてください。',
  notAvailableTitle: '利用できません',
  methodNotSetUp: 'このログイン方法は設定されていません。',
  missingCredentials: 'ログイン名とパスワードを入力してください。',
  invalidCredentials: 'ログイン名またはパスワードが正しくありません。',
  lockedOut: (m) => `ログインの失敗が多すぎます。${m} 分後にもう一度お試しください。`,
  signUpLimited: (m) => `このネットワークからの登録が多すぎます。${m} 分後にもう一度お試しください。`,
  nameRequired: '氏名を入力してください。',
  emailInvalid: '有効なメールアドレスを入力してください。',
  passwordTooShort: (n) => `パスワードは ${n} 文字以上にしてください。`,
  passwordsDiffer: '2 つのパスワードが一致しません。',
  emailTaken: 'このメールアドレスのアカウントはすでに登録されています。',
  upstreamNotCompleted: (name, error) => `${name} でのログインが完了しませんでした（${error}）。`,
  upstreamFailed: (name) => `${name} でのログインに失敗しました。もう一度お試しください。`,
  signingOutTitle: 'サインアウト',
  signingOut: 'このブラウザで dotink からサインアウトしています。',
  signOutButton: 'サインアウト',
  signedOutTitle: 'サインアウトしました',
  signedOut: 'このブラウザで dotink からサインアウトしました。',
};

const zhTW: LoginMessages = {
  chooserTitle: '選擇登入帳號',
  chooserSub: (client) => `選擇帳號以繼續使用 ${client}`,
  signInWithUpstream: (name) => `使用 ${name} 登入`,
  signInWithDotink: '使用 dotink 帳號登入',
  loginAccountsLabel: '登入帳號',
  cancel: '取消',
  signInTitle: '登入',
  signInSub: (client) => `使用你的 dotink 帳號登入，以繼續使用 ${client}`,
  usernameLabel: '電子郵件或學號',
  passwordLabel: '密碼',
  signInButton: '登入',
  otherAccounts: '其他登入帳號',
  createAccountLink: '建立帳號',
  signUpTitle: '建立帳號',
  signUpSub: (client) => `用於 ${client}。新的教師帳號須經學校管理員核准。`,
  nameLabel: '姓名',
  emailLabel: '電子郵件',
  passwordHint: (n) => `至少 ${n} 個字元。`,
  confirmLabel: '再次輸入密碼',
  signUpButton: '建立帳號',
  haveAccount: '我已經有帳號',
  backHome: '返回 dotink',
  expiredTitle: '登入已逾時',
  expired: '此登入要求已過期或無效。請回到應用程式重新登入。',
  notAvailableTitle: '無法使用',
  methodNotSetUp: '此登入方式尚未設定。',
  missingCredentials: '請輸入登入名稱和密碼。',
  invalidCredentials: '登入名稱或密碼不正確。',
  lockedOut: (m) => `登入失敗次數過多，請於 ${m} 分鐘後再試一次。`,
  signUpLimited: (m) => `此網路的註冊次數過多，請於 ${m} 分鐘後再試一次。`,
  nameRequired: '請輸入姓名。',
  emailInvalid: '請輸入有效的電子郵件地址。',
  passwordTooShort: (n) => `密碼至少需要 ${n} 個字元。`,
  passwordsDiffer: '兩次輸入的密碼不一致。',
  emailTaken: '此電子郵件已有帳號。',
  upstreamNotCompleted: (name, error) => `未完成 ${name} 登入（${error}）。`,
  upstreamFailed: (name) => `${name} 登入失敗，請再試一次。`,
  signingOutTitle: '登出',
  signingOut: '正在此瀏覽器登出 dotink。',
  signOutButton: '登出',
  signedOutTitle: '已登出',
  signedOut: '您已在此瀏覽器登出 dotink。',
};

/** The message set of every language; the type makes every language carry every text. */
export const LOGIN_MESSAGES: Readonly<Record<Language, LoginMessages>> = { ko, en, ja, 'zh-TW': zhTW };

/** The texts of the sign-in pages in `lang`. */
export function messagesFor(lang: Language): LoginMessages {
  return LOGIN_MESSAGES[lang];
}

const startsWithTag = (tag: string, prefix: string) => tag === prefix || tag.startsWith(`${prefix}-`);

/**
 * The sign-in language for one BCP 47 language tag (any case), or undefined when dotink has no
 * text set for it: `ko*` → ko, `ja*` → ja, `zh-TW`/`zh-HK`/`zh-MO`/`zh-Hant*` → zh-TW, `en*` → en.
 */
export function languageOfTag(tag: string): Language | undefined {
  const t = tag.trim().toLowerCase();
  if (startsWithTag(t, 'ko')) return 'ko';
  if (startsWithTag(t, 'ja')) return 'ja';
  if (['zh-tw', 'zh-hk', 'zh-mo', 'zh-hant'].some((p) => startsWithTag(t, p))) return 'zh-TW';
  if (startsWithTag(t, 'en')) return 'en';
  return undefined;
}

/** At most this many entries of a header or parameter are looked at. */
const MAX_ENTRIES = 64;

/** A q-value as RFC 9110 §12.4.2 writes it: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The language tags of an `Accept-Language` header, most wanted first (by q-value, then by
 * order); entries with q=0 or a malformed q-value are left out.
 */
export function acceptedTags(header: string): string[] {
  const entries: { tag: string; q: number; index: number }[] = [];
  const parts = header.split(',').slice(0, MAX_ENTRIES);
  for (const [index, part] of parts.entries()) {
    const [rawTag = '', ...params] = part.split(';');
    const tag = rawTag.trim();
    if (tag === '') continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=(.*)$/i.exec(param);
      if (m) q = QVALUE.test(m[1]!.trim()) ? Number(m[1]) : Number.NaN;
    }
    if (!(q > 0 && q <= 1)) continue;
    entries.push({ tag, q, index });
  }
  entries.sort((a, b) => b.q - a.q || a.index - b.index);
  return entries.map((e) => e.tag);
}

/**
 * The language of a sign-in page: the first supported tag of the client's `ui_locales`
 * (space-separated, in order of preference), else of the browser's `Accept-Language`, else
 * English. Never throws.
 */
export function pickLanguage(uiLocales: string | undefined, acceptLanguage: string | undefined): Language {
  const candidates = [
    ...(uiLocales ?? '').split(/\s+/).slice(0, MAX_ENTRIES),
    ...acceptedTags(acceptLanguage ?? ''),
  ];
  for (const tag of candidates) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}

import type { Language } from './language.ts';

/**
 * Messages of the back-office identity screens in the four product languages (spec §1, §8).
 * English texts are the spec's own where it gives one.
 */
export const IDENTITY_MESSAGES = {
  loginFailed: {
    en: 'The login ID or password is incorrect. Please check and try logging in again.',
    jp: 'ログインIDまたはパスワードが正しくありません。確認してもう一度ログインしてください。',
    cn: '登录ID或密码不正确。请检查后重新登录。',
    kr: '로그인 ID 또는 비밀번호가 올바르지 않습니다. 확인 후 다시 로그인해 주세요.',
  },
  tokenMissing: { en: 'Token is missing.', jp: 'トークンがありません。', cn: '缺少令牌。', kr: '토큰이 없습니다.' },
  tokenInvalid: {
    en: 'The token is invalid or has expired.',
    jp: 'トークンが無効か、有効期限が切れています。',
    cn: '令牌无效或已过期。',
    kr: '토큰이 유효하지 않거나 만료되었습니다.',
  },
  userNotFound: { en: 'The user does not exist.', jp: 'ユーザーが存在しません。', cn: '用户不存在。', kr: '사용자가 존재하지 않습니다.' },
  passwordsDoNotMatch: {
    en: 'Passwords do not match. Please try again.',
    jp: 'パスワードが一致しません。もう一度お試しください。',
    cn: '密码不一致。请重试。',
    kr: '비밀번호가 일치하지 않습니다. 다시 시도해 주세요.',
  },
  currentPasswordWrong: {
    en: 'The current password is incorrect.',
    jp: '現在のパスワードが正しくありません。',
    cn: '当前密码不正确。',
    kr: '현재 비밀번호가 올바르지 않습니다.',
  },
  tooManyAttempts: {
    en: 'Too many login attempts. Please wait a few minutes and try again.',
    jp: 'ログインの試行回数が多すぎます。数分待ってからもう一度お試しください。',
    cn: '登录尝试次数过多。请稍等几分钟后再试。',
    kr: '로그인 시도 횟수가 너무 많습니다. 몇 분 후에 다시 시도해 주세요.',
  },
  pleaseLogIn: { en: 'Please log in.', jp: 'ログインしてください。', cn: '请登录。', kr: '로그인해 주세요.' },
  forbidden: {
    en: 'You do not have permission to do this.',
    jp: 'この操作を行う権限がありません。',
    cn: '您没有执行此操作的权限。',
    kr: '이 작업을 수행할 권한이 없습니다.',
  },
  viewOnly: {
    en: 'Your authority is view only; changes are not allowed.',
    jp: '閲覧権限のため、変更できません。',
    cn: '您只有查看权限，无法进行更改。',
    kr: '보기 권한만 있어 변경할 수 없습니다.',
  },
  contractNotActive: {
    en: 'The contract is not active; changes are not allowed.',
    jp: '契約が有効ではないため、変更できません。',
    cn: '合同未生效，无法进行更改。',
    kr: '계약이 활성 상태가 아니어서 변경할 수 없습니다.',
  },
  contractTerminated: {
    en: 'The contract has been terminated; this account can no longer log in.',
    jp: '契約が解約されたため、このアカウントではログインできません。',
    cn: '合同已终止，此账户无法再登录。',
    kr: '계약이 해지되어 이 계정으로 더 이상 로그인할 수 없습니다.',
  },
  readOnlyTerminated: {
    en: 'The contract of this account has been terminated; its data is read-only.',
    jp: 'このアカウントの契約は解約済みのため、データは閲覧のみ可能です。',
    cn: '此账户的合同已终止，其数据为只读。',
    kr: '이 계정의 계약이 해지되어 데이터는 읽기 전용입니다.',
  },
  passwordChangeRequired: {
    en: 'Please change your password before continuing.',
    jp: '続行する前にパスワードを変更してください。',
    cn: '请先修改密码再继续。',
    kr: '계속하기 전에 비밀번호를 변경해 주세요.',
  },
  planFeatureLocked: {
    en: 'This feature is not included in the current plan.',
    jp: 'この機能は現在のプランに含まれていません。',
    cn: '当前套餐不包含此功能。',
    kr: '이 기능은 현재 요금제에 포함되어 있지 않습니다.',
  },
  planSiteLimit: {
    en: 'The plan\'s number of sites has been reached.',
    jp: 'プランのサイト数の上限に達しました。',
    cn: '已达到套餐的站点数量上限。',
    kr: '요금제의 사이트 수 한도에 도달했습니다.',
  },
  planSwipeLimit: {
    en: 'Rows times columns cannot exceed the plan\'s max creatives.',
    jp: '行数×列数はプランのクリエイティブ上限を超えられません。',
    cn: '行数×列数不能超过套餐的最大素材数。',
    kr: '행 수×열 수는 요금제의 최대 크리에이티브 수를 초과할 수 없습니다.',
  },
  resetLinkSent: {
    en: 'If the email is registered, a link to reset the password has been sent.',
    jp: 'メールアドレスが登録されている場合、パスワード再設定用のリンクを送信しました。',
    cn: '如果该邮箱已注册，我们已发送重置密码的链接。',
    kr: '등록된 이메일이라면 비밀번호 재설정 링크를 보냈습니다.',
  },
  passwordChanged: { en: 'The password has been changed.', jp: 'パスワードを変更しました。', cn: '密码已修改。', kr: '비밀번호가 변경되었습니다.' },
  loggedOut: { en: 'Logged out.', jp: 'ログアウトしました。', cn: '已退出登录。', kr: '로그아웃되었습니다.' },
  csvOnly: {
    en: 'Only CSV files are supported.',
    jp: 'CSVファイルのみ対応しています。',
    cn: '仅支持CSV文件。',
    kr: 'CSV 파일만 지원됩니다.',
  },
  csvTooLarge: {
    en: '{file} - File size exceeds the 5MB limit',
    jp: '{file} - ファイルサイズが5MBの上限を超えています',
    cn: '{file} - 文件大小超过5MB上限',
    kr: '{file} - 파일 크기가 5MB 제한을 초과합니다',
  },
  csvRowsFailed: {
    en: 'Nothing was imported: {count} row(s) have errors.',
    jp: '{count}行にエラーがあるため、インポートしませんでした。',
    cn: '有{count}行存在错误，未导入任何数据。',
    kr: '{count}개 행에 오류가 있어 가져오지 않았습니다.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof IDENTITY_MESSAGES;

/**
 * A message in a language, with `{name}` placeholders filled.
 * @example messageIn('csvTooLarge', 'en', { file: 'users.csv' }) // 'users.csv - File size exceeds the 5MB limit'
 */
export function messageIn(key: MessageKey, lang: Language, values: Record<string, string | number> = {}): string {
  return IDENTITY_MESSAGES[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const ACCEPT_TOKENS: ReadonlyMap<string, Language> = new Map([['ja', 'jp'], ['jp', 'jp'], ['en', 'en'], ['zh', 'cn'], ['cn', 'cn'], ['ko', 'kr'], ['kr', 'kr']]);

/**
 * The language an `Accept-Language` header prefers among the four, by its q weights; English
 * when it names none of them or is absent (API clients and scripts read English).
 * @example languageFromAcceptLanguage('ko-KR,ko;q=0.9,en;q=0.8') // 'kr'
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: ACCEPT_TOKENS.get(tag.toLowerCase().split('-')[0] ?? ''), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { lang: Language; q: number; index: number } => entry.lang !== undefined && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.lang ?? 'en';
}

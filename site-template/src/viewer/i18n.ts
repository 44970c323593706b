import type { Language } from '../../../model/language.ts';

const texts = {
  noMedia: { jp: 'メディアはまだありません', en: 'No media yet', cn: '暂无媒体', kr: '아직 미디어가 없습니다' },
  membersOnly: { jp: '会員限定ページです', en: 'This page is for members only', cn: '此页面仅限会员', kr: '회원 전용 페이지입니다' },
  register: { jp: '会員登録して続ける', en: 'Register to continue', cn: '注册以继续', kr: '회원가입 후 계속하기' },
  login: { jp: 'ログイン', en: 'Log in', cn: '登录', kr: '로그인' },
  notFound: { jp: 'ページが見つかりません', en: 'Page not found', cn: '找不到页面', kr: '페이지를 찾을 수 없습니다' },
  backToTop: { jp: 'トップへ戻る', en: 'Back to the first page', cn: '返回首页', kr: '첫 페이지로' },
  language: { jp: '言語', en: 'Language', cn: '语言', kr: '언어' },
  poweredBy: { jp: 'Powered by Swipegrid', en: 'Powered by Swipegrid', cn: 'Powered by Swipegrid', kr: 'Powered by Swipegrid' },
  loading: { jp: '読み込み中', en: 'Loading', cn: '加载中', kr: '로딩 중' },
} as const satisfies Record<string, Record<Language, string>>;

export type TextKey = keyof typeof texts;

/** The viewer's own words in the visitor's language; English where a text is missing. */
export function t(key: TextKey, lang: Language): string {
  return texts[key][lang] ?? texts[key].en;
}

export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', en: 'English', cn: '中文', kr: '한국어' };

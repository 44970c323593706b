import type { Language } from '../../../model/language.ts';

const texts = {
  noMedia: { jp: 'メディアはまだありません', en: 'No media yet', cn: '暂无媒体', kr: '아직 미디어가 없습니다' },
  membersOnly: { jp: '会員限定ページです', en: 'This page is for members only', cn: '此页面仅限会员', kr: '회원 전용 페이지입니다' },
  register: { jp: '会員登録して続ける', en: 'Register to continue', cn: '注册以继续', kr: '회원가입 후 계속하기' },
  login: { jp: 'ログイン', en: 'Log in', cn: '登录', kr: '로그인' },
  logout: { jp: 'ログアウト', en: 'Log out', cn: '退出登录', kr: '로그아웃' },
  notFound: { jp: 'ページが見つかりません', en: 'Page not found', cn: '找不到页面', kr: '페이지를 찾을 수 없습니다' },
  backToTop: { jp: 'トップへ戻る', en: 'Back to the first page', cn: '返回首页', kr: '첫 페이지로' },
  language: { jp: '言語', en: 'Language', cn: '语言', kr: '언어' },
  categoryMenu: { jp: 'カテゴリー', en: 'Categories', cn: '分类', kr: '카테고리' },
  poweredBy: { en: 'Powered by Swipegrid' },
  viewOnly: { jp: '閲覧専用プレビュー', en: 'View-only preview', cn: '仅供查看的预览', kr: '보기 전용 미리보기' },
  loading: { jp: '読み込み中', en: 'Loading', cn: '加载中', kr: '로딩 중' },
  close: { jp: '閉じる', en: 'Close', cn: '关闭', kr: '닫기' },
  album: { jp: 'アルバム', en: 'Album', cn: '相册', kr: '앨범' },
  openAlbum: { jp: 'アルバムを開く', en: 'Open the album', cn: '打开相册', kr: '앨범 열기' },
  // A media button the owner gave no text: named by what it does, as a button must be.
  openLink: { jp: 'リンクを開く', en: 'Open the link', cn: '打开链接', kr: '링크 열기' },
  goToPage: { jp: 'このページへ移動', en: 'Go to this page', cn: '前往此页', kr: '이 페이지로 이동' },
  musicOn: { jp: '音楽を再生', en: 'Play music', cn: '播放音乐', kr: '음악 재생' },
  musicOff: { jp: '音楽を消音', en: 'Mute music', cn: '静音', kr: '음소거' },
  unmute: { jp: '動画の音声をオンにする', en: 'Unmute the video', cn: '打开视频声音', kr: '동영상 소리 켜기' },
  mute: { jp: '動画の音声をオフにする', en: 'Mute the video', cn: '关闭视频声音', kr: '동영상 소리 끄기' },
  popup: { jp: 'ご案内', en: 'Offer', cn: '活动信息', kr: '안내' },
  product: { jp: '商品の詳細', en: 'Product details', cn: '商品详情', kr: '상품 상세' },
  nextPage: { jp: '次のページへスワイプ', en: 'Swipe to the next page', cn: '滑动到下一页', kr: '다음 페이지로 스와이프' },
  companyInfo: { jp: '会社情報', en: 'Company information', cn: '公司信息', kr: '회사 정보' },
  companyProfile: { jp: '会社概要', en: 'Company profile', cn: '公司简介', kr: '회사 개요' },
  commercialTransactions: { jp: '特定商取引法に基づく表記', en: 'Specified commercial transactions', cn: '特定商业交易法标示', kr: '특정상거래법에 따른 표기' },
  termsOfUse: { jp: '利用規約', en: 'Terms of use', cn: '使用条款', kr: '이용약관' },
  privacyPolicy: { jp: 'プライバシーポリシー', en: 'Privacy policy', cn: '隐私政策', kr: '개인정보 처리방침' },
  companyWebsite: { jp: '会社ウェブサイト', en: 'Company website', cn: '公司网站', kr: '회사 웹사이트' },
  socialLinks: { jp: 'SNS', en: 'Social links', cn: '社交链接', kr: 'SNS' },
  sns_youtube: { en: 'YouTube' },
  sns_line: { en: 'LINE' },
  sns_instagram: { en: 'Instagram' },
  sns_x: { en: 'X' },
  sns_tiktok: { en: 'TikTok' },
  sns_facebook: { en: 'Facebook' },
  sns_phone_number: { jp: '電話する', en: 'Call us', cn: '拨打电话', kr: '전화하기' },
  sns_google_map: { jp: '地図', en: 'Map', cn: '地图', kr: '지도' },
  chunkLoadFailed: {
    jp: '読み込みに失敗しました。ページを再読み込みしてください。',
    en: 'Loading failed. Please reload the page.',
    cn: '加载失败，请重新加载页面。',
    kr: '불러오지 못했습니다. 페이지를 새로고침해 주세요.',
  },
  reload: { jp: '再読み込み', en: 'Reload', cn: '重新加载', kr: '새로고침' },
  errorGeneric: {
    jp: 'エラーが発生しました。再試行するか、ページを再読み込みしてください。',
    en: 'Something went wrong. Please try again or reload the page.',
    cn: '出现错误。请重试或重新加载页面。',
    kr: '오류가 발생했습니다. 다시 시도하거나 페이지를 새로고침해 주세요.',
  },
  retry: { jp: '再試行', en: 'Retry', cn: '重试', kr: '다시 시도' },
  goBack: { jp: '戻る', en: 'Go back', cn: '返回', kr: '뒤로' },
} as const satisfies Record<string, { en: string } & Partial<Record<Language, string>>>;

export type TextKey = keyof typeof texts;

/** The viewer's own words in the visitor's language; English where a text is missing (brand names read the same in every language and are given once). */
export function t(key: TextKey, lang: Language): string {
  const text: Partial<Record<Language, string>> & { en: string } = texts[key];
  return text[lang] ?? text.en;
}

export const LANGUAGE_NAMES: Record<Language, string> = { jp: '日本語', en: 'English', cn: '中文', kr: '한국어' };

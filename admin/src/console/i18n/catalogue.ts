import type { Language } from '../../../../model/language.ts';
import type { ScreenKey } from './catalogue-screens.ts';
import type { SurveysNoticesKey } from './catalogue-surveys-notices.ts';
import type { AnnouncementsKey } from './catalogue-announcements.ts';
import type { AnalyticsKey } from './catalogue-analytics.ts';
import type { AnalyticsMapsKey } from './catalogue-analytics-maps.ts';
import type { PlansKey } from './catalogue-plans.ts';
import type { DashboardKey } from './catalogue-dashboard.ts';
import type { PaymentsKey } from './catalogue-payments.ts';
import { laterText, type Row } from './later-texts.ts';

/**
 * Every text of the shell of the admin console in its four languages; the signed-in screens'
 * texts are in catalogue-screens.ts, loaded with them.
 */

const UI = {
  // The shell: sign-in screens, the signed-in frame, error pages. The screens behind sign-in
  // have their texts in catalogue-screens.ts, loaded with them.
  appName: ['Swipegrid admin', 'Swipegrid 管理画面', 'Swipegrid 管理后台', 'Swipegrid 관리자'],
  language: ['Language', '言語', '语言', '언어'],
  email: ['Email', 'メールアドレス', '邮箱', '이메일'],
  password: ['Password', 'パスワード', '密码', '비밀번호'],
  currentPassword: ['Current password', '現在のパスワード', '当前密码', '현재 비밀번호'],
  newPassword: ['New password', '新しいパスワード', '新密码', '새 비밀번호'],
  confirmPassword: ['Confirm password', 'パスワード（確認）', '确认密码', '비밀번호 확인'],
  signIn: ['Sign in', 'ログイン', '登录', '로그인'],
  signOut: ['Log out', 'ログアウト', '退出登录', '로그아웃'],
  signingOut: ['Logging out…', 'ログアウトしています…', '正在退出…', '로그아웃 중…'],
  forgotPassword: ['Forgot your password?', 'パスワードをお忘れですか？', '忘记密码？', '비밀번호를 잊으셨나요?'],
  forgotTitle: ['Reset your password', 'パスワードの再設定', '重置密码', '비밀번호 재설정'],
  sendLink: ['Send the link', 'リンクを送信', '发送链接', '링크 보내기'],
  backToLogin: ['Back to sign in', 'ログインに戻る', '返回登录', '로그인으로 돌아가기'],
  newPasswordTitle: ['Set a new password', '新しいパスワードの設定', '设置新密码', '새 비밀번호 설정'],
  firstTimeTitle: ['Change your first password', '初回パスワードの変更', '修改初始密码', '초기 비밀번호 변경'],
  firstTimeHint: [
    'Your password was set by your administrator. Choose your own to continue.',
    '管理者が設定したパスワードです。続行するにはご自身のパスワードに変更してください。',
    '此密码由管理员设置。请设置您自己的密码以继续。',
    '관리자가 설정한 비밀번호입니다. 계속하려면 본인의 비밀번호로 변경하세요.',
  ],
  savePassword: ['Save the password', 'パスワードを保存', '保存密码', '비밀번호 저장'],
  passwordRule: [
    '8 to 50 characters with a lowercase and an uppercase letter, a digit and a symbol; no spaces.',
    '8〜50文字。英小文字・英大文字・数字・記号を各1文字以上含み、空白は使えません。',
    '8至50个字符，须含小写字母、大写字母、数字和符号，不能有空格。',
    '8~50자, 영문 소문자·대문자·숫자·기호를 각각 포함하고 공백은 사용할 수 없습니다.',
  ],
  loading: ['Loading…', '読み込み中…', '加载中…', '불러오는 중…'],
  save: ['Save', '保存', '保存', '저장'],
  saving: ['Saving…', '保存中…', '保存中…', '저장 중…'],
  saved: ['Saved.', '保存しました。', '已保存。', '저장했습니다.'],
  cancel: ['Cancel', 'キャンセル', '取消', '취소'],
  close: ['Close', '閉じる', '关闭', '닫기'],
  remove: ['Remove', '削除', '删除', '삭제'],
  add: ['Add', '追加', '添加', '추가'],
  up: ['Move up', '上へ', '上移', '위로'],
  down: ['Move down', '下へ', '下移', '아래로'],
  search: ['Search', '検索', '搜索', '검색'],
  status: ['Status', 'ステータス', '状态', '상태'],
  all: ['All', 'すべて', '全部', '전체'],
  name: ['Name', '名前', '名称', '이름'],
  sites: ['Sites', 'サイト', '站点', '사이트'],
  /** The navigation's entry to the analytics across the account's sites: here, not with the screen's texts, since the frame shows it before any screen loads. */
  navAnalytics: ['Analytics', '分析', '分析', '분석'],
  users: ['Users', 'ユーザー', '用户', '사용자'],
  siteList: ['Site production list', 'サイト制作一覧', '站点制作列表', '사이트 제작 목록'],
  createSite: ['Create a site', 'サイトを作成', '创建站点', '사이트 만들기'],
  exportCsv: ['Export CSV', 'CSVエクスポート', '导出CSV', 'CSV 내보내기'],
  navPayments: ['Payments', '支払い', '付款', '결제'],
  grid: ['Grid', 'グリッド', '网格', '그리드'],
  rows: ['Rows', '行数', '行数', '행 수'],
  columns: ['Columns', '列数', '列数', '열 수'],
  planCap: [
    'Your plan allows up to {max} pages (rows × columns).',
    'ご利用のプランでは最大{max}ページ（行×列）まで作成できます。',
    '您的套餐最多允许{max}个页面（行×列）。',
    '현재 플랜은 최대 {max}페이지(행×열)까지 가능합니다.',
  ],
  languages: ['Languages', '言語', '语言', '언어'],
  defaultLanguage: ['Default language', 'デフォルト言語', '默认语言', '기본 언어'],
  liveVersion: ['Live version', '公開バージョン', '线上版本', '공개 버전'],
  updatedAt: ['Updated', '更新日時', '更新时间', '수정일'],
  open: ['Open', '開く', '打开', '열기'],
  edit: ['Edit', '編集', '编辑', '편집'],
  planManagement: ['Plan management', 'プラン管理', '套餐管理', '요금제 관리'],
  navPlan: ['Plan', 'プラン', '套餐', '플랜'],
  noSites: ['No sites match.', '該当するサイトはありません。', '没有匹配的站点。', '일치하는 사이트가 없습니다.'],
  'status.draft': ['Draft', '下書き', '草稿', '초안'],
  'status.published': ['Published', '公開中', '已发布', '공개'],
  'status.unpublished': ['Unpublished', '非公開', '未发布', '비공개'],
  'status.expired': ['Expired', '期限切れ', '已过期', '만료'],
  'status.private': ['Private', 'プライベート', '私密', '비공개(프라이빗)'],
  'status.domain_verifying': ['Domain checking', 'ドメイン確認中', '域名验证中', '도메인 확인 중'],
  adminList: ['Admin list', '管理者一覧', '管理员列表', '관리자 목록'],
  apiKeys: ['API keys', 'APIキー', 'API 密钥', 'API 키'],
  // The header's account menu and brand
  accountMenu: ['Account menu ({email})', 'アカウントメニュー（{email}）', '账户菜单（{email}）', '계정 메뉴({email})'],
  profile: ['Profile', 'プロフィール', '个人资料', '프로필'],
  brandLogo: ['Logo', 'ロゴ', '标志', '로고'],
  // Errors
  'error.403': ['You do not have access to this page.', 'このページへのアクセス権限がありません。', '您无权访问此页面。', '이 페이지에 접근할 권한이 없습니다.'],
  'error.404': ['This page was not found.', 'ページが見つかりません。', '找不到此页面。', '페이지를 찾을 수 없습니다.'],
  'error.504': ['The server took too long to answer.', 'サーバーの応答がタイムアウトしました。', '服务器响应超时。', '서버 응답 시간이 초과되었습니다.'],
  'error.403-ip': ['Access from your IP address is not allowed.', 'お使いのIPアドレスからのアクセスは許可されていません。', '不允许从您的IP地址访问。', '현재 IP 주소에서의 접근은 허용되지 않습니다.'],
  goHome: ['Go to the top', 'トップへ戻る', '返回首页', '처음으로'],
  goBack: ['Go back', '戻る', '返回', '뒤로'],
  reload: ['Reload', '再読み込み', '重新加载', '새로고침'],
  // The screen error boundary (B §8): in the shell, since a failed chunk may be the screens' texts.
  retry: ['Retry', '再試行', '重试', '다시 시도'],
  'error.screen': ['Something went wrong', 'エラーが発生しました', '出现错误', '오류가 발생했습니다'],
  'error.screenHint': [
    'This screen stopped because of an unexpected error. Try again, reload the page, or go back.',
    '予期しないエラーにより画面を表示できませんでした。再試行するか、ページを再読み込みするか、前の画面に戻ってください。',
    '由于意外错误，此页面无法显示。请重试、重新加载页面或返回。',
    '예기치 않은 오류로 화면을 표시할 수 없습니다. 다시 시도하거나 페이지를 새로고침하거나 이전 화면으로 돌아가세요.',
  ],
  'error.chunk': ['This screen could not be loaded', '画面を読み込めませんでした', '无法加载此页面', '화면을 불러올 수 없습니다'],
  'error.chunkHint': [
    'Part of the console failed to download: the connection may have dropped, or a new version was released. Reload the page to continue.',
    'コンソールの一部を読み込めませんでした。通信が切れたか、新しいバージョンが公開された可能性があります。ページを再読み込みしてください。',
    '控制台的部分内容下载失败：可能是网络中断或发布了新版本。请重新加载页面以继续。',
    '콘솔 일부를 내려받지 못했습니다. 연결이 끊겼거나 새 버전이 배포되었을 수 있습니다. 페이지를 새로고침해 주세요.',
  ],
  // The signed-in frame's notification bell and the platform's announcement screens
  inbox: ['Notifications', 'お知らせ', '通知', '알림'],
  unreadCount: ['{n} unread', '未読 {n}件', '{n} 条未读', '읽지 않음 {n}건'],
  latestInformation: ['Latest information', '最新情報', '最新信息', '최신 정보'],
  systemNotifications: ['System notifications', 'システム通知', '系统通知', '시스템 알림'],
  // The summary dashboard's link (B §2), shown to the platform and OEM masters
  navSummary: ['Summary', 'サマリー', '概要', '요약'],
  // model/messages' no-internet message, copied: without a connection its language's texts may be
  // out of reach when it is needed (catalogue.test.ts keeps the copy equal).
  noInternet: [
    'Cannot connect to the server. Check your internet connection or try again later.',
    'サーバーに接続できません。インターネット接続を確認するか、しばらくしてからもう一度お試しください。',
    '无法连接到服务器。请检查网络连接或稍后再试。',
    '서버에 연결할 수 없습니다. 인터넷 연결을 확인하거나 잠시 후 다시 시도해 주세요.',
  ],
} as const satisfies Record<string, Row>;

export type UiKey = keyof typeof UI | ScreenKey | SurveysNoticesKey | AnnouncementsKey | AnalyticsKey | AnalyticsMapsKey | PlansKey | DashboardKey | PaymentsKey;
const INDEX: Readonly<Record<Language, number>> = { en: 0, jp: 1, cn: 2, kr: 3 };

/** A console text in a language, `{name}` placeholders filled; English where a text lacks the language. */
export function uiText(key: UiKey, lang: Language, values: Record<string, string | number> = {}): string {
  const row: Row | undefined = key in UI ? UI[key as keyof typeof UI] : undefined;
  const text = row ? row[INDEX[lang]] || row[0] : laterText(key, lang);
  // A screen's text asked before its chunk loaded is a wiring bug: say which.
  if (text === undefined) return key;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

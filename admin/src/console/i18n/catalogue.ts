import type { Language } from '../../../../model/language.ts';
import type { ScreenKey } from './catalogue-screens.ts';

/**
 * Every text of the admin console in its four languages, in one place (spec §1: Japanese,
 * English, Chinese, Korean; §9: default Japanese, fallback English). Order: en, jp, cn, kr.
 */
export type Row = readonly [en: string, jp: string, cn: string, kr: string];

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
  firstTimeHint: ['Your password was set by your administrator. Choose your own to continue.', '管理者が設定したパスワードです。続行するにはご自身のパスワードに変更してください。', '此密码由管理员设置。请设置您自己的密码以继续。', '관리자가 설정한 비밀번호입니다. 계속하려면 본인의 비밀번호로 변경하세요.'],
  savePassword: ['Save the password', 'パスワードを保存', '保存密码', '비밀번호 저장'],
  passwordRule: ['8 to 50 characters with a lowercase and an uppercase letter, a digit and a symbol; no spaces.', '8〜50文字。英小文字・英大文字・数字・記号を各1文字以上含み、空白は使えません。', '8至50个字符，须含小写字母、大写字母、数字和符号，不能有空格。', '8~50자, 영문 소문자·대문자·숫자·기호를 각각 포함하고 공백은 사용할 수 없습니다.'],
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
  users: ['Users', 'ユーザー', '用户', '사용자'],
  siteList: ['Site production list', 'サイト制作一覧', '站点制作列表', '사이트 제작 목록'],
  createSite: ['Create a site', 'サイトを作成', '创建站点', '사이트 만들기'],
  exportCsv: ['Export CSV', 'CSVエクスポート', '导出CSV', 'CSV 내보내기'],
  grid: ['Grid', 'グリッド', '网格', '그리드'],
  rows: ['Rows', '行数', '行数', '행 수'],
  columns: ['Columns', '列数', '列数', '열 수'],
  planCap: ['Your plan allows up to {max} pages (rows × columns).', 'ご利用のプランでは最大{max}ページ（行×列）まで作成できます。', '您的套餐最多允许{max}个页面（行×列）。', '현재 플랜은 최대 {max}페이지(행×열)까지 가능합니다.'],
  planCapExceeded: ['Rows times columns cannot exceed the plan\'s maximum of {max}.', '行数×列数はプランの上限{max}を超えられません。', '行数×列数不能超过套餐上限{max}。', '행×열은 플랜 최대치 {max}를 초과할 수 없습니다.'],
  languages: ['Languages', '言語', '语言', '언어'],
  defaultLanguage: ['Default language', 'デフォルト言語', '默认语言', '기본 언어'],
  languagesPlanLocked: ['More than one language needs a multilingual plan.', '複数言語には多言語プランが必要です。', '多语言需要多语言套餐。', '여러 언어를 사용하려면 다국어 플랜이 필요합니다.'],
  liveVersion: ['Live version', '公開バージョン', '线上版本', '공개 버전'],
  updatedAt: ['Updated', '更新日時', '更新时间', '수정일'],
  open: ['Open', '開く', '打开', '열기'],
  edit: ['Edit', '編集', '编辑', '편집'],
  noSites: ['No sites match.', '該当するサイトはありません。', '没有匹配的站点。', '일치하는 사이트가 없습니다.'],
  'status.draft': ['Draft', '下書き', '草稿', '초안'],
  'status.published': ['Published', '公開中', '已发布', '공개'],
  'status.unpublished': ['Unpublished', '非公開', '未发布', '비공개'],
  'status.expired': ['Expired', '期限切れ', '已过期', '만료'],
  'status.private': ['Private', 'プライベート', '私密', '비공개(프라이빗)'],
  'status.domain_verifying': ['Domain checking', 'ドメイン確認中', '域名验证中', '도메인 확인 중'],
  adminList: ['Admin list', '管理者一覧', '管理员列表', '관리자 목록'],
  // Errors
  'error.403': ['You do not have access to this page.', 'このページへのアクセス権限がありません。', '您无权访问此页面。', '이 페이지에 접근할 권한이 없습니다.'],
  'error.404': ['This page was not found.', 'ページが見つかりません。', '找不到此页面。', '페이지를 찾을 수 없습니다.'],
  'error.504': ['The server took too long to answer.', 'サーバーの応答がタイムアウトしました。', '服务器响应超时。', '서버 응답 시간이 초과되었습니다.'],
  'error.403-ip': ['Access from your IP address is not allowed.', 'お使いのIPアドレスからのアクセスは許可されていません。', '不允许从您的IP地址访问。', '현재 IP 주소에서의 접근은 허용되지 않습니다.'],
  goHome: ['Go to the top', 'トップへ戻る', '返回首页', '처음으로'],
  goBack: ['Go back', '戻る', '返回', '뒤로'],
  reload: ['Reload', '再読み込み', '重新加载', '새로고침'],
} as const satisfies Record<string, Row>;

/**
 * The spec's own messages, which the API and the shared zod schemas give in English: shown in
 * the console's language by their English text.
 */
const SPEC: readonly Row[] = [
  ['Please enter all required fields.', '必須項目をすべて入力してください。', '请填写所有必填项。', '필수 항목을 모두 입력해 주세요.'],
  ['Invalid email address.', 'メールアドレスが正しくありません。', '邮箱地址无效。', '이메일 주소가 올바르지 않습니다.'],
  ['Invalid colour.', '色の形式が正しくありません（#RGB、#RRGGBB、rgb()、rgba()、hsl()、hsla()）。', '颜色格式无效（#RGB、#RRGGBB、rgb()、rgba()、hsl()、hsla()）。', '색상 형식이 올바르지 않습니다(#RGB, #RRGGBB, rgb(), rgba(), hsl(), hsla()).'],
  ['Invalid URL.', 'URLが正しくありません。', 'URL无效。', 'URL이 올바르지 않습니다.'],
  ['Enter a URL starting with http:// or https://, or a path starting with /.', 'http:// または https:// で始まるURL、または / で始まるパスを入力してください。', '请输入以 http:// 或 https:// 开头的URL，或以 / 开头的路径。', 'http:// 또는 https://로 시작하는 URL 또는 /로 시작하는 경로를 입력하세요.'],
  ['URL must be at most 256 characters.', 'URLは256文字以内で入力してください。', 'URL不能超过256个字符。', 'URL은 256자 이내로 입력하세요.'],
  ['Invalid date range.', '日付の範囲が正しくありません。', '日期范围无效。', '날짜 범위가 올바르지 않습니다.'],
  ['Invalid domain format.', 'ドメインの形式が正しくありません。', '域名格式无效。', '도메인 형식이 올바르지 않습니다.'],
  ['Rows or columns cannot be 0.', '行数・列数は0にできません。', '行数或列数不能为0。', '행 또는 열은 0일 수 없습니다.'],
  ['Menu items must not be duplicated.', 'メニュー項目が重複しています。', '菜单项不能重复。', '메뉴 항목은 중복될 수 없습니다.'],
  ['Passwords do not match. Please try again.', 'パスワードが一致しません。もう一度お試しください。', '密码不一致。请重试。', '비밀번호가 일치하지 않습니다. 다시 시도해 주세요.'],
  ['Request error. Please try again.', 'リクエストエラーです。もう一度お試しください。', '请求错误。请重试。', '요청 오류입니다. 다시 시도해 주세요.'],
  ['Cannot connect to the server. Check your internet connection or try again later.', 'サーバーに接続できません。インターネット接続を確認するか、しばらくしてからお試しください。', '无法连接到服务器。请检查网络连接或稍后再试。', '서버에 연결할 수 없습니다. 인터넷 연결을 확인하거나 잠시 후 다시 시도하세요.'],
  ['Remove spaces at the beginning and end.', '先頭と末尾の空白を削除してください。', '请删除开头和结尾的空格。', '앞뒤 공백을 제거하세요.'],
  ['Only letters, numbers, spaces and - | : ( ) [ ] are allowed.', '使用できるのは文字・数字・空白と - | : ( ) [ ] のみです。', '只允许字母、数字、空格和 - | : ( ) [ ]。', '문자, 숫자, 공백과 - | : ( ) [ ]만 사용할 수 있습니다.'],
  ['Body tags may only be <script> tags with src and defer.', 'bodyタグには src と defer を持つ <script> タグのみ使用できます。', 'body标签只能是带 src 和 defer 的 <script> 标签。', 'body 태그에는 src와 defer가 있는 <script> 태그만 사용할 수 있습니다.'],
  ['eval, setTimeout and setInterval are not allowed.', 'eval、setTimeout、setInterval は使用できません。', '不允许使用 eval、setTimeout 和 setInterval。', 'eval, setTimeout, setInterval은 사용할 수 없습니다.'],
  ['Must not start or end with whitespace.', '先頭と末尾に空白は使えません。', '开头和结尾不能有空格。', '앞뒤에 공백을 사용할 수 없습니다.'],
  ['Add at least one option.', '選択肢を1つ以上追加してください。', '请至少添加一个选项。', '선택지를 하나 이상 추가하세요.'],
  ['Invalid date.', '日時が正しくありません。', '日期无效。', '날짜가 올바르지 않습니다.'],
  ['Invalid media URL.', 'メディアのURLが正しくありません。', '媒体URL无效。', '미디어 URL이 올바르지 않습니다.'],
  ['Enter a position code or a page number.', '位置コード（例：B3）またはページ番号を入力してください。', '请输入位置代码（如B3）或页码。', '위치 코드(예: B3) 또는 페이지 번호를 입력하세요.'],
  ['Enter a date as YYYY-MM-DD.', '日付はYYYY-MM-DD形式で入力してください。', '请按YYYY-MM-DD格式输入日期。', '날짜는 YYYY-MM-DD 형식으로 입력하세요.'],
  ['Update failed.', '更新に失敗しました。', '更新失败。', '업데이트에 실패했습니다.'],
  ['Upload failed.', 'アップロードに失敗しました。', '上传失败。', '업로드에 실패했습니다.'],
];

/** Texts of the signed-in screens, added when their chunk loads (catalogue-screens.ts). */
const LATER: Partial<Record<ScreenKey, Row>> = {};

/** Adds the signed-in screens' texts; called once by their own module as it loads. */
export function addScreenTexts(rows: Readonly<Record<ScreenKey, Row>>): void {
  Object.assign(LATER, rows);
}

export type UiKey = keyof typeof UI | ScreenKey;
const INDEX: Readonly<Record<Language, number>> = { en: 0, jp: 1, cn: 2, kr: 3 };
const SPEC_BY_ENGLISH = new Map(SPEC.map((row) => [row[0], row]));

/** A console text in a language, `{name}` placeholders filled; English where a text lacks the language. */
export function uiText(key: UiKey, lang: Language, values: Record<string, string | number> = {}): string {
  const row: Row | undefined = key in UI ? UI[key as keyof typeof UI] : LATER[key as ScreenKey];
  // A screen's text asked before its chunk loaded is a wiring bug: say which.
  if (!row) return key;
  const text = row[INDEX[lang]] || row[0];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A message of the spec or of a shared schema (English) in the console's language; a message it
 * does not know (already localised by the server, or a length rule) is shown as it came.
 */
export function specMessage(message: string, lang: Language): string {
  const row = SPEC_BY_ENGLISH.get(message);
  if (row) return row[INDEX[lang]] || message;
  const at = /^Must be at most (\d+) characters\.$/.exec(message);
  if (at) return [message, `${at[1]}文字以内で入力してください。`, `不能超过${at[1]}个字符。`, `${at[1]}자 이내로 입력하세요.`][INDEX[lang]]!;
  return message;
}

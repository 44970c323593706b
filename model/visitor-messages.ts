import type { Language } from './language.ts';

/**
 * What visitors are told, in the four languages (V §8, B §5, B §8). The API answers visitor
 * calls in the request's language; the viewer shows the same texts for its own checks.
 */
export const VISITOR_MESSAGES = {
  loginFailed: {
    en: 'The login ID or password is incorrect. Please check and try logging in again.',
    jp: 'ログインIDまたはパスワードが正しくありません。ご確認のうえ、もう一度ログインしてください。',
    cn: '登录ID或密码不正确。请确认后重新登录。',
    kr: '로그인 ID 또는 비밀번호가 올바르지 않습니다. 확인 후 다시 로그인해 주세요.',
  },
  registrationFailed: {
    en: 'Registration failed. Please try again.',
    jp: '会員登録に失敗しました。もう一度お試しください。',
    cn: '注册失败。请重试。',
    kr: '회원가입에 실패했습니다. 다시 시도해 주세요.',
  },
  userDoesNotExist: {
    en: 'The user does not exist.',
    jp: 'ユーザーが存在しません。',
    cn: '用户不存在。',
    kr: '사용자가 존재하지 않습니다.',
  },
  tokenMissing: { en: 'Token is missing.', jp: 'トークンがありません。', cn: '缺少令牌。', kr: '토큰이 없습니다.' },
  tokenInvalid: {
    en: 'The link is invalid or has expired. Please register again or resend the email.',
    jp: 'リンクが無効か期限切れです。もう一度登録するか、メールを再送してください。',
    cn: '链接无效或已过期。请重新注册或重新发送邮件。',
    kr: '링크가 유효하지 않거나 만료되었습니다. 다시 가입하거나 메일을 재전송해 주세요.',
  },
  passwordMismatch: {
    en: 'Passwords do not match. Please try again.',
    jp: 'パスワードが一致しません。もう一度お試しください。',
    cn: '密码不一致。请重试。',
    kr: '비밀번호가 일치하지 않습니다. 다시 시도해 주세요.',
  },
  passwordRule: {
    en: 'Use 8 to 20 characters with a lowercase letter, an uppercase letter, a digit and a symbol (@#$%^&*()_+|{}<>:;[]-=,.?), without spaces.',
    jp: 'パスワードは8〜20文字で、小文字・大文字・数字・記号（@#$%^&*()_+|{}<>:;[]-=,.?）をそれぞれ含め、空白を含めないでください。',
    cn: '密码须为8至20个字符，包含小写字母、大写字母、数字和符号（@#$%^&*()_+|{}<>:;[]-=,.?），且不含空格。',
    kr: '비밀번호는 8~20자이며 소문자, 대문자, 숫자, 기호(@#$%^&*()_+|{}<>:;[]-=,.?)를 각각 포함하고 공백이 없어야 합니다.',
  },
  invalidEmail: {
    en: 'Invalid email address.',
    jp: 'メールアドレスの形式が正しくありません。',
    cn: '电子邮件地址无效。',
    kr: '이메일 주소가 올바르지 않습니다.',
  },
  requiredFields: {
    en: 'Please enter all required fields.',
    jp: '必須項目をすべて入力してください。',
    cn: '请填写所有必填项。',
    kr: '필수 항목을 모두 입력해 주세요.',
  },
  invalidNumber: { en: 'Enter a number.', jp: '数値を入力してください。', cn: '请输入数字。', kr: '숫자를 입력해 주세요.' },
  invalidOption: {
    en: 'Choose one of the options.',
    jp: '選択肢から選んでください。',
    cn: '请从选项中选择。',
    kr: '선택지 중에서 골라 주세요.',
  },
  tooLong: { en: 'The text is too long.', jp: '文字数が多すぎます。', cn: '文本过长。', kr: '글자 수가 너무 많습니다.' },
  unknownField: {
    en: 'This field is not part of the form.',
    jp: 'この項目はフォームにありません。',
    cn: '此字段不属于该表单。',
    kr: '이 항목은 양식에 없습니다.',
  },
  alreadyRegistered: {
    en: 'This email address is already registered. Please log in.',
    jp: 'このメールアドレスは登録済みです。ログインしてください。',
    cn: '该电子邮件地址已注册。请登录。',
    kr: '이미 등록된 이메일 주소입니다. 로그인해 주세요.',
  },
  loginRequired: {
    en: 'Please log in as a member to see this page.',
    jp: 'このページを見るには会員としてログインしてください。',
    cn: '请以会员身份登录以查看此页面。',
    kr: '이 페이지를 보려면 회원으로 로그인해 주세요.',
  },
  formLocked: {
    en: 'This form is not available on this site.',
    jp: 'このサイトではフォームをご利用いただけません。',
    cn: '此网站不提供该表单。',
    kr: '이 사이트에서는 양식을 사용할 수 없습니다.',
  },
  applicantsFull: {
    en: 'Sorry, the number of applicants has reached the limit.',
    jp: '申し訳ありません。応募者数が上限に達しました。',
    cn: '抱歉，申请人数已达上限。',
    kr: '죄송합니다. 신청자 수가 한도에 도달했습니다.',
  },
  popupInactive: {
    en: 'This offer is not available now.',
    jp: 'この企画は現在ご利用いただけません。',
    cn: '此活动当前不可用。',
    kr: '이 이벤트는 현재 이용할 수 없습니다.',
  },
  tooManyRequests: {
    en: 'Too many requests. Please wait a moment and try again.',
    jp: 'リクエストが多すぎます。しばらく待ってからもう一度お試しください。',
    cn: '请求过多。请稍候再试。',
    kr: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  },
  noInternet: {
    en: 'Cannot connect to the server. Check your internet connection or try again later.',
    jp: 'サーバーに接続できません。インターネット接続を確認するか、しばらくしてからもう一度お試しください。',
    cn: '无法连接到服务器。请检查网络连接或稍后再试。',
    kr: '서버에 연결할 수 없습니다. 인터넷 연결을 확인하거나 잠시 후 다시 시도해 주세요.',
  },
  requestError: {
    en: 'Request error. Please try again.',
    jp: 'リクエストエラーが発生しました。もう一度お試しください。',
    cn: '请求出错。请重试。',
    kr: '요청 오류가 발생했습니다. 다시 시도해 주세요.',
  },
  notFound: {
    en: 'The requested item was not found.',
    jp: 'お探しの項目が見つかりません。',
    cn: '找不到所请求的内容。',
    kr: '요청한 항목을 찾을 수 없습니다.',
  },
  invalidDateRange: { en: 'Invalid date range.', jp: '日付の範囲が正しくありません。', cn: '日期范围无效。', kr: '날짜 범위가 올바르지 않습니다.' },
  sent: {
    en: 'Thank you. Your message has been sent.',
    jp: '送信しました。ありがとうございます。',
    cn: '已发送。谢谢。',
    kr: '전송되었습니다. 감사합니다.',
  },
  registrationEmailSent: {
    en: 'We sent you an email. Open the link in it to complete your registration.',
    jp: 'メールを送信しました。メール内のリンクを開いて登録を完了してください。',
    cn: '我们已向您发送邮件。请打开邮件中的链接完成注册。',
    kr: '메일을 보냈습니다. 메일의 링크를 열어 가입을 완료해 주세요.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type VisitorMessageKey = keyof typeof VISITOR_MESSAGES;

/**
 * A visitor message in a language.
 * @example visitorMessage('invalidEmail', 'jp') // 'メールアドレスの形式が正しくありません。'
 */
export function visitorMessage(key: VisitorMessageKey, lang: Language): string {
  return VISITOR_MESSAGES[key][lang];
}

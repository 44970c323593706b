import type { Language } from '../../../model/language.ts';

// The screens' own words; the API's answers and the form checks use model/messages (visitorText).
const texts = {
  contactTitle: { jp: 'お問い合わせ', en: 'Contact us', cn: '联系我们', kr: '문의하기' },
  formTitle: { jp: 'フォーム', en: 'Form', cn: '表单', kr: '양식' },
  registerTitle: { jp: '会員登録', en: 'Member registration', cn: '会员注册', kr: '회원가입' },
  loginTitle: { jp: 'ログイン', en: 'Log in', cn: '登录', kr: '로그인' },
  surveyTitle: { jp: 'アンケート', en: 'Survey', cn: '问卷调查', kr: '설문조사' },
  send: { jp: '送信する', en: 'Send', cn: '发送', kr: '보내기' },
  register: { jp: '登録する', en: 'Register', cn: '注册', kr: '가입하기' },
  login: { jp: 'ログインする', en: 'Log in', cn: '登录', kr: '로그인' },
  email: { jp: 'メールアドレス', en: 'Email', cn: '电子邮件', kr: '이메일' },
  password: { jp: 'パスワード', en: 'Password', cn: '密码', kr: '비밀번호' },
  required: { jp: '必須', en: 'Required', cn: '必填', kr: '필수' },
  resend: { jp: '確認メールを再送する', en: 'Resend the email', cn: '重新发送邮件', kr: '메일 재전송' },
  registered: {
    jp: '会員登録が完了しました。ログインしてください。',
    en: 'Your registration is complete. Please log in.',
    cn: '注册已完成。请登录。',
    kr: '회원가입이 완료되었습니다. 로그인해 주세요.',
  },
  toLogin: { jp: 'ログイン画面へ', en: 'Go to log in', cn: '前往登录', kr: '로그인 화면으로' },
  haveAccount: { jp: '会員の方はこちら（ログイン）', en: 'Already a member? Log in', cn: '已是会员？登录', kr: '회원이신가요? 로그인' },
  noAccount: { jp: '会員登録はこちら', en: 'Not a member yet? Register', cn: '还不是会员？注册', kr: '아직 회원이 아니신가요? 가입하기' },
  backToSite: { jp: 'サイトに戻る', en: 'Back to the site', cn: '返回网站', kr: '사이트로 돌아가기' },
  loading: { jp: '読み込み中', en: 'Loading', cn: '加载中', kr: '로딩 중' },
  noSurvey: { jp: '回答できるアンケートはありません。', en: 'There is no survey to answer.', cn: '没有可回答的问卷。', kr: '응답할 수 있는 설문이 없습니다.' },
  companyInfo: { jp: '会社情報', en: 'Company information', cn: '公司信息', kr: '회사 정보' },
} as const satisfies Record<string, Record<Language, string>>;

export type ScreenTextKey = keyof typeof texts;

export function st(key: ScreenTextKey, lang: Language): string {
  return texts[key][lang];
}

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
  resetTitle: { jp: 'パスワードの再設定', en: 'Reset your password', cn: '重新设置密码', kr: '비밀번호 재설정' },
  resetIntro: {
    jp: '登録したメールアドレスを入力してください。新しいパスワードを設定するリンクをお送りします。',
    en: 'Enter the email you registered with. We will send you a link to set a new password.',
    cn: '请输入您注册时使用的电子邮件。我们将向您发送设置新密码的链接。',
    kr: '가입한 이메일을 입력해 주세요. 새 비밀번호를 설정하는 링크를 보내 드립니다.',
  },
  sendLink: { jp: 'リンクを送信する', en: 'Send the link', cn: '发送链接', kr: '링크 보내기' },
  forgotPassword: { jp: 'パスワードをお忘れの方はこちら', en: 'Forgot your password?', cn: '忘记密码？', kr: '비밀번호를 잊으셨나요?' },
  newPasswordTitle: { jp: '新しいパスワードの設定', en: 'Set a new password', cn: '设置新密码', kr: '새 비밀번호 설정' },
  newPassword: { jp: '新しいパスワード', en: 'New password', cn: '新密码', kr: '새 비밀번호' },
  confirmPassword: { jp: '新しいパスワード（確認）', en: 'Confirm the new password', cn: '确认新密码', kr: '새 비밀번호 확인' },
  savePassword: { jp: 'パスワードを設定する', en: 'Set the password', cn: '设置密码', kr: '비밀번호 설정' },
  askAgain: { jp: 'リンクを再度申し込む', en: 'Ask for a new link', cn: '重新申请链接', kr: '링크 다시 요청하기' },
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

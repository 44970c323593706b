import type { Language } from '../../model/language.ts';
import type { MailMessage } from './mailer.ts';

const REGISTRATION = {
  jp: {
    subject: (site: string) => `【${site}】会員登録を完了してください`,
    body: (site: string, link: string, hours: number) =>
      `${site} への会員登録ありがとうございます。\n\n次のリンクを開いて登録を完了してください（${hours}時間有効）:\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。`,
  },
  en: {
    subject: (site: string) => `${site}: complete your registration`,
    body: (site: string, link: string, hours: number) =>
      `Thank you for registering with ${site}.\n\nOpen this link to complete your registration (valid for ${hours} hours):\n${link}\n\nIf you did not register, ignore this email.`,
  },
  cn: {
    subject: (site: string) => `【${site}】请完成会员注册`,
    body: (site: string, link: string, hours: number) => `感谢您注册 ${site}。\n\n请打开以下链接完成注册（${hours}小时内有效）：\n${link}\n\n如果您没有注册，请忽略此邮件。`,
  },
  kr: {
    subject: (site: string) => `[${site}] 회원가입을 완료해 주세요`,
    body: (site: string, link: string, hours: number) =>
      `${site} 회원가입을 신청해 주셔서 감사합니다.\n\n다음 링크를 열어 가입을 완료해 주세요(${hours}시간 유효):\n${link}\n\n가입하지 않으셨다면 이 메일을 무시해 주세요.`,
  },
} as const satisfies Record<Language, unknown>;

/** The email whose link completes a member's registration, in the language they registered in. */
export function registrationMail(to: string, lang: Language, siteName: string, link: string, validHours: number): MailMessage {
  const text = REGISTRATION[lang];
  return { to, subject: text.subject(siteName), text: text.body(siteName, link, validHours) };
}

const PASSWORD_RESET = {
  jp: {
    subject: (site: string) => `【${site}】パスワードの再設定`,
    body: (site: string, link: string) =>
      `${site} の会員パスワードの再設定を受け付けました。\n\n次のリンクを開いて新しいパスワードを設定してください（1時間有効、1回のみ）:\n${link}\n\nお心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。`,
  },
  en: {
    subject: (site: string) => `${site}: set a new password`,
    body: (site: string, link: string) =>
      `Someone asked to set a new password for your membership of ${site}.\n\nOpen this link to set it (valid for one hour, once):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  },
  cn: {
    subject: (site: string) => `【${site}】重新设置密码`,
    body: (site: string, link: string) =>
      `我们收到了重新设置 ${site} 会员密码的请求。\n\n请打开以下链接设置新密码（1小时内有效，仅限一次）：\n${link}\n\n如果不是您本人操作，请忽略此邮件，您的密码不会更改。`,
  },
  kr: {
    subject: (site: string) => `[${site}] 비밀번호 재설정`,
    body: (site: string, link: string) =>
      `${site} 회원 비밀번호 재설정 요청을 받았습니다.\n\n다음 링크를 열어 새 비밀번호를 설정해 주세요(1시간 유효, 1회만):\n${link}\n\n본인이 요청하지 않았다면 이 메일을 무시해 주세요. 비밀번호는 바뀌지 않습니다.`,
  },
} as const satisfies Record<Language, unknown>;

/** The email whose link lets a member set a new password, in the language the request was made in. */
export function passwordResetMail(to: string, lang: Language, siteName: string, link: string): MailMessage {
  const text = PASSWORD_RESET[lang];
  return { to, subject: text.subject(siteName), text: text.body(siteName, link) };
}

const FORM_NAMES = { CONTACT_SETTING: 'contact form', HOMEPAGE_SETTING: 'form' } as const;

/**
 * Tells a site's owner about a new entry: every field as sent, the visitor's address as
 * Reply-To when the form has one. In English: the owner's language is not known yet.
 */
export function formEntryMail(to: string, siteName: string, formType: keyof typeof FORM_NAMES, fields: { title: string; value: unknown }[], replyTo?: string): MailMessage {
  const lines = fields.map(({ title, value }) => `${title}: ${Array.isArray(value) ? value.join(', ') : String(value ?? '')}`);
  return {
    to,
    subject: `${siteName}: new ${FORM_NAMES[formType]} entry`,
    text: `A visitor sent the ${FORM_NAMES[formType]} of ${siteName}.\n\n${lines.join('\n')}\n`,
    ...(replyTo ? { replyTo } : {}),
  };
}

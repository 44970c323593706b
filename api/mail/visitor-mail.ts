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

import type { Language } from '../../model/language.ts';
import type { MailMessage } from './mailer.ts';

const INVITATION = {
  jp: {
    subject: (site: string) => `【${site}】プレビューが共有されました`,
    body: (site: string, link: string, passcode: boolean) =>
      `${site} のプレビューがあなたに共有されました。\n\n次のリンクから開いてください（あなた専用のリンクです）:\n${link}\n${passcode ? '\n開くには共有者から伝えられたパスコードが必要です。\n' : ''}\nお心当たりのない場合は、このメールを破棄してください。`,
  },
  en: {
    subject: (site: string) => `${site}: a preview was shared with you`,
    body: (site: string, link: string, passcode: boolean) =>
      `A preview of ${site} was shared with you.\n\nOpen it with this link (it is yours alone):\n${link}\n${passcode ? '\nYou will need the passcode the sender gave you.\n' : ''}\nIf you did not expect this, ignore this email.`,
  },
  cn: {
    subject: (site: string) => `【${site}】有人与您共享了预览`,
    body: (site: string, link: string, passcode: boolean) =>
      `${site} 的预览已与您共享。\n\n请通过以下链接打开（此链接仅供您使用）：\n${link}\n${passcode ? '\n打开时需要共享者告知您的密码。\n' : ''}\n如果这与您无关，请忽略此邮件。`,
  },
  kr: {
    subject: (site: string) => `[${site}] 미리보기가 공유되었습니다`,
    body: (site: string, link: string, passcode: boolean) =>
      `${site}의 미리보기가 공유되었습니다.\n\n다음 링크로 열어 주세요(본인 전용 링크입니다):\n${link}\n${passcode ? '\n열려면 공유한 분이 알려 준 암호가 필요합니다.\n' : ''}\n관련이 없다면 이 메일을 무시해 주세요.`,
  },
} as const satisfies Record<Language, unknown>;

/** The email inviting one address to a shared preview, with its own link, in the site's default language. */
export function previewInvitationMail(to: string, lang: Language, siteName: string, link: string, passcode: boolean): MailMessage {
  const text = INVITATION[lang];
  return { to, subject: text.subject(siteName), text: text.body(siteName, link, passcode) };
}

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { pageContentSchema } from '../../model/page.ts';
import { siteSettingsPatchSchema } from '../../model/site.ts';
import type { Storage } from '../../storage/storage.ts';
import type { Db } from '../db/open-database.ts';
import { createSite } from './create-site.ts';
import { findSiteForAccount } from './find-site.ts';
import { loadSiteDraft } from './load-site-draft.ts';
import { storeUploadedBytes } from './store-upload.ts';
import { updateSiteSettings } from './update-site-settings.ts';
import { writePage } from './write-page.ts';

const PALETTES = [
  ['#0f766e', '#99d52a'],
  ['#7c3aed', '#f472b6'],
  ['#b45309', '#fde047'],
] as const;
const TITLES = {
  jp: [
    ['春の新作', '限定カラー', '今だけ送料無料'],
    ['スタッフのおすすめ', '使い方ガイド', 'お客様の声'],
    ['店舗のご案内', 'よくある質問', 'お問い合わせ'],
  ],
  en: [
    ['New for spring', 'Limited colours', 'Free shipping now'],
    ['Staff picks', 'How to use it', 'What customers say'],
    ['Our stores', 'Questions', 'Contact us'],
  ],
} as const;

/** A portrait picture drawn as SVG and rendered by sharp, so the repository carries no binaries. */
async function demoPicture(column: number, row: number): Promise<Uint8Array> {
  const [from, to] = PALETTES[column % PALETTES.length]!;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="1334" viewBox="0 0 750 1334">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="750" height="1334" fill="url(#g)"/>
    <circle cx="${200 + row * 120}" cy="${380 + column * 90}" r="${160 + row * 30}" fill="#ffffff" fill-opacity="0.18"/>
    <rect x="${80 + column * 60}" y="${820 - row * 70}" width="420" height="260" rx="40" fill="#000000" fill-opacity="0.14"/>
  </svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
}

/** Seeds the demo site: 3 categories × 3 pages in Japanese and English, with a CTA button per page, album, social links, company info and a product on each first page. */
const DEMO_SITE_DOMAIN = 'localhost';

export async function seedDemo(db: Db, storage: Storage, owner: { id: string; email: string; accountType: string }): Promise<string> {
  const siteId = await createSite(db, owner.id, { name: 'Swipegrid demo', numberHorizontal: 3, numberVertical: 3, defaultLanguage: 'jp', languages: ['jp', 'en'] });
  const viewer = { id: owner.id, tenantId: owner.id, scopeRootId: owner.id };
  let site = await findSiteForAccount(db, viewer, siteId);
  await updateSiteSettings(
    db,
    site,
    siteSettingsPatchSchema.parse({
      // A name to type: the quick start prints http://demo.localhost:3001/ (seeded only into an empty database, so it is free).
      handle: 'demo',
      seo: { title: 'Swipegrid デモ', description: 'スワイプで見るランディングページのデモ' },
      displayAlbum: true,
      sns: [
        { snsType: 'instagram', snsUrl: 'https://www.instagram.com/' },
        { snsType: 'x', snsUrl: 'https://x.com/' },
        { snsType: 'phone_number', snsUrl: '03-1234-5678' },
      ],
      company: {
        companyProfile: 'Swipegrid デモ株式会社\n東京都千代田区',
        companyClause: '販売業者: Swipegrid デモ株式会社',
        termsOfService: 'このサイトはデモです。',
        privacyPolicy: '個人情報は収集しません。',
      },
    }),
    'jp',
    // The demo has no custom domain: no name is checked against SITE_DOMAIN.
    DEMO_SITE_DOMAIN,
  );
  site = await findSiteForAccount(db, viewer, siteId);
  await updateSiteSettings(
    db,
    site,
    siteSettingsPatchSchema.parse({
      seo: { title: 'Swipegrid demo', description: 'A landing page you swipe through' },
      company: {
        companyProfile: 'Swipegrid Demo Inc.\nChiyoda, Tokyo',
        companyClause: 'Seller: Swipegrid Demo Inc.',
        termsOfService: 'This site is a demo.',
        privacyPolicy: 'We collect no personal data.',
      },
    }),
    'en',
    DEMO_SITE_DOMAIN,
  );
  const draft = await loadSiteDraft(db, siteId);
  const productIds: string[] = [];
  for (const creative of draft.creatives) {
    for (const page of creative.pages) {
      const upload = await storeUploadedBytes(
        db,
        storage,
        { id: siteId, ownerId: owner.id },
        { name: `demo-${creative.columnIndex}-${page.row}.png`, bytes: await demoPicture(creative.columnIndex, page.row) },
      );
      const buttonId = randomUUID();
      productIds[creative.columnIndex] ??= randomUUID();
      const content = (lang: 'jp' | 'en') => ({
        detail: {
          imageUrl: upload.url,
          imageAlt: TITLES[lang][creative.columnIndex]![page.row - 1],
          mainText: TITLES[lang][creative.columnIndex]![page.row - 1],
          mainTextX: 24,
          mainTextY: 140,
          mainTextColor: '#FFFFFF',
        },
        buttons: [
          {
            id: buttonId,
            buttonType: 'text',
            buttonText: lang === 'jp' ? '詳しく見る' : 'Learn more',
            buttonLinkType: 'external',
            linkDestinationUrl: 'https://example.com/',
            buttonPositionLeft: 88,
            // Clear of the next-page arrow (model/free-spot.ts ARROW_HINT_BOX, from top 603), microcopy and all.
            buttonPositionTop: 528,
            buttonWidth: 200,
            buttonHeight: 48,
            buttonColor: '#99D52A',
            // A new button's text colour: 8.5 : 1 on this green, where white is 1.76 : 1.
            buttonTextColor: '#1B2B0B',
            buttonShape: 'pill',
            buttonAnimation: page.row === 1 ? 'PULSE' : 'NONE',
            microcopyText: lang === 'jp' ? '今だけの特典つき' : 'With a limited-time gift',
            microcopyTextColor: '#FFFFFF',
            textAlign: 'top',
          },
        ],
        // The first page of each category shows the social links, the company tabs and one product.
        ...(page.row === 1
          ? {
              snsConfig: { display: true, sns: [] },
              showCompany: true,
              products: [
                {
                  id: productIds[creative.columnIndex]!,
                  productName: lang === 'jp' ? 'おすすめ商品' : 'Our pick',
                  description: lang === 'jp' ? '軽くて丈夫です。' : 'Light and strong.',
                  price: '¥3,980',
                },
              ],
            }
          : {}),
      });
      await writePage(db, site, page.id, 'jp', pageContentSchema.parse(content('jp')));
      await writePage(db, site, page.id, 'en', pageContentSchema.parse(content('en')));
    }
  }
  return siteId;
}

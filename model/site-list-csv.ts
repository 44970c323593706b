import type { Language } from './language.ts';
import type { siteStatusSchema } from './site.ts';
import type { z } from 'zod';

type SiteStatus = z.output<typeof siteStatusSchema>;

/** The columns of the site list's CSV export (B §2 "Site production list: CSV export"), in file order. */
export const SITE_CSV_COLUMNS = ['id', 'name', 'status', 'url', 'parentAccount', 'parentEmail', 'columns', 'rows', 'liveVersion', 'publishedAt', 'createdAt', 'updatedAt'] as const;
export type SiteCsvColumn = (typeof SITE_CSV_COLUMNS)[number];

/** Header texts per language: the file is read by people in a spreadsheet, in the language they asked for. */
export const SITE_CSV_HEADERS: Readonly<Record<Language, Readonly<Record<SiteCsvColumn, string>>>> = {
  en: {
    id: 'Site ID',
    name: 'Site name',
    status: 'Status',
    url: 'URL',
    parentAccount: 'Parent account',
    parentEmail: 'Parent account email',
    columns: 'Columns',
    rows: 'Rows',
    liveVersion: 'Live version',
    publishedAt: 'Published at',
    createdAt: 'Created at',
    updatedAt: 'Updated at',
  },
  jp: {
    id: 'サイトID',
    name: 'サイト名',
    status: 'ステータス',
    url: 'URL',
    parentAccount: '親アカウント',
    parentEmail: '親アカウントのメールアドレス',
    columns: '列数',
    rows: '行数',
    liveVersion: '公開バージョン',
    publishedAt: '公開日時',
    createdAt: '作成日時',
    updatedAt: '更新日時',
  },
  cn: {
    id: '网站ID',
    name: '网站名称',
    status: '状态',
    url: 'URL',
    parentAccount: '上级账户',
    parentEmail: '上级账户邮箱',
    columns: '列数',
    rows: '行数',
    liveVersion: '线上版本',
    publishedAt: '发布时间',
    createdAt: '创建时间',
    updatedAt: '更新时间',
  },
  kr: {
    id: '사이트 ID',
    name: '사이트 이름',
    status: '상태',
    url: 'URL',
    parentAccount: '상위 계정',
    parentEmail: '상위 계정 이메일',
    columns: '열 수',
    rows: '행 수',
    liveVersion: '공개 버전',
    publishedAt: '공개 일시',
    createdAt: '생성 일시',
    updatedAt: '수정 일시',
  },
};

/** Status names as the console shows them, so the file and the screen agree. */
export const SITE_STATUS_NAMES: Readonly<Record<Language, Readonly<Record<SiteStatus, string>>>> = {
  en: { draft: 'Draft', published: 'Published', unpublished: 'Unpublished', expired: 'Expired', private: 'Private', domain_verifying: 'Domain checking' },
  jp: { draft: '下書き', published: '公開中', unpublished: '非公開', expired: '期限切れ', private: 'プライベート', domain_verifying: 'ドメイン確認中' },
  cn: { draft: '草稿', published: '已发布', unpublished: '未发布', expired: '已过期', private: '私密', domain_verifying: '域名验证中' },
  kr: { draft: '초안', published: '공개', unpublished: '비공개', expired: '만료', private: '비공개(프라이빗)', domain_verifying: '도메인 확인 중' },
};

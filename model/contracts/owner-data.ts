import { formEntryDetailSchema, formEntryListSchema, ownerDataExportQuerySchema, ownerDataListQuerySchema, siteMemberDetailSchema, siteMemberListSchema } from '../owner-data.ts';
import { contract, type Contract } from './contract.ts';
import { read } from './policy.ts';

const CSV = {
  kind: 'raw',
  contentType: 'text/csv; charset=utf-8',
  description: 'UTF-8 with a byte order mark (so spreadsheet apps read Japanese), newest first, headers in `lang`; cells starting with = + - @ are prefixed with an apostrophe',
} as const;

/** B §2, B §7: what a published site collected, as its owner reads it: members, contact entries and custom-form entries, with CSV export. */
export const ownerDataContracts = {
  listSiteMembers: contract({
    method: 'GET',
    path: '/site-member/:id',
    origin: 'admin',
    summary: 'The site’s members, newest first, searched, filtered by registration date and paged',
    policy: read('site'),
    query: ownerDataListQuerySchema,
    response: siteMemberListSchema,
  }),
  exportSiteMembers: contract({
    method: 'GET',
    path: '/site-member/:id/export-csv',
    origin: 'admin',
    summary: 'The members the same filter lists, as a CSV file streamed from the database',
    policy: read('site'),
    query: ownerDataExportQuerySchema,
    response: CSV,
  }),
  getSiteMember: contract({
    method: 'GET',
    path: '/site-member/:id/member/:memberId',
    origin: 'admin',
    summary: 'One member with the membership form’s other fields',
    policy: read('site'),
    response: siteMemberDetailSchema,
  }),
  listSiteContacts: contract({
    method: 'GET',
    path: '/site-contact/:id',
    origin: 'admin',
    summary: 'The contact form’s entries, newest first, searched, filtered by date and paged',
    policy: read('site'),
    query: ownerDataListQuerySchema,
    response: formEntryListSchema,
  }),
  exportSiteContacts: contract({
    method: 'GET',
    path: '/site-contact/:id/export-csv',
    origin: 'admin',
    summary: 'The contact entries the same filter lists, as a CSV file streamed from the database',
    policy: read('site'),
    query: ownerDataExportQuerySchema,
    response: CSV,
  }),
  getSiteContact: contract({
    method: 'GET',
    path: '/site-contact/:id/entry/:entryId',
    origin: 'admin',
    summary: 'One contact entry',
    policy: read('site'),
    response: formEntryDetailSchema,
  }),
  listSiteFormEntries: contract({
    method: 'GET',
    path: '/site-form/:id',
    origin: 'admin',
    summary: 'The custom form’s entries, newest first, searched, filtered by date and paged',
    policy: read('site'),
    query: ownerDataListQuerySchema,
    response: formEntryListSchema,
  }),
  exportSiteFormEntries: contract({
    method: 'GET',
    path: '/site-form/:id/export-csv',
    origin: 'admin',
    summary: 'The custom-form entries the same filter lists, as a CSV file streamed from the database',
    policy: read('site'),
    query: ownerDataExportQuerySchema,
    response: CSV,
  }),
  getSiteFormEntry: contract({
    method: 'GET',
    path: '/site-form/:id/entry/:entryId',
    origin: 'admin',
    summary: 'One custom-form entry',
    policy: read('site'),
    response: formEntryDetailSchema,
  }),
} satisfies Record<string, Contract>;

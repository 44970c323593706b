import { addLaterTexts, type Row } from './later-texts.ts';

/**
 * The texts of the summary dashboard (en, jp, cn, kr), loaded with it. Refusals (the report date
 * rules) are the shared messages' (model/messages); the filters' labels are the analytics screen's.
 */
export const DASHBOARD = {
  'db.title': ['Summary', 'サマリー', '概要', '요약'],
  'db.scope.platform': ['Across every account of the platform.', 'プラットフォームの全アカウントの集計です。', '平台所有账户的汇总。', '플랫폼 전체 계정의 집계입니다.'],
  'db.scope.oem': ['Across your own customers (the accounts below yours).', '自社の顧客（配下のアカウント）の集計です。', '您自己客户（下属账户）的汇总。', '자사 고객(하위 계정)의 집계입니다.'],
  'db.figures': ['Key figures', '主要指標', '关键指标', '주요 지표'],
  'db.sites': ['Sites created', '作成サイト数', '已创建站点数', '생성 사이트 수'],
  'db.companies': ['Companies introduced', '導入企業数', '导入企业数', '도입 기업 수'],
  'db.mrr': ['MRR (×10,000 yen)', 'MRR（万円）', 'MRR（万日元）', 'MRR(만 엔)'],
  'db.arr': ['ARR (×100 million yen)', 'ARR（億円）', 'ARR（亿日元）', 'ARR(억 엔)'],
  'db.paidPlans': ['Paid plans', '有料プラン数', '付费套餐数', '유료 플랜 수'],
  'db.inRange': ['In the range; {total} to date', '期間内（累計 {total}）', '期间内（累计 {total}）', '기간 내(누적 {total})'],
  'db.published': ['{n} live now', '公開中 {n}', '已发布 {n}', '공개 중 {n}'],
  'db.byType': [
    'OEM masters {oem}, OEM admins {admin}, users {user}',
    'OEMマスター {oem}・OEM管理者 {admin}・ユーザー {user}',
    'OEM主账户 {oem}，OEM管理员 {admin}，用户 {user}',
    'OEM 마스터 {oem}, OEM 관리자 {admin}, 사용자 {user}',
  ],
  'db.source.invoices': [
    '{month}: the plan fees of the issued invoices, {yen} excl. tax',
    '{month}：発行済み請求書のプラン料金 {yen}（税抜）',
    '{month}：已开具发票的套餐费用 {yen}（不含税）',
    '{month}: 발행된 청구서의 플랜 요금 {yen}(세금 별도)',
  ],
  'db.source.subscriptions': [
    '{month}: not invoiced yet — the plans in force × their price, {yen} excl. tax',
    '{month}：未請求 — 適用中のプラン料金の合計 {yen}（税抜）',
    '{month}：尚未开票 — 生效套餐价格合计 {yen}（不含税）',
    '{month}: 미청구 — 적용 중인 플랜 요금 합계 {yen}(세금 별도)',
  ],
  'db.arrHint': ['12 × MRR, {yen}', 'MRR × 12、{yen}', 'MRR × 12，{yen}', 'MRR × 12, {yen}'],
  'db.paidHint': ['Of {total} accounts on a plan in {month}', '{month}にプランを利用中の {total} アカウント中', '{month}使用套餐的 {total} 个账户中', '{month}에 플랜 이용 중인 {total}개 계정 중'],
  'db.trend': ['Trend', '推移', '趋势', '추이'],
  'db.metric': ['Figure', '指標', '指标', '지표'],
  'db.revenueTrend': ['Revenue by month', '月別の売上', '按月收入', '월별 매출'],
  'db.mrrYen': ['MRR (yen, excl. tax)', 'MRR（円・税抜）', 'MRR（日元，不含税）', 'MRR(엔, 세금 별도)'],
  'db.revenueYen': ['Invoiced (yen, incl. tax)', '請求額（円・税込）', '开票金额（日元，含税）', '청구액(엔, 세금 포함)'],
  'db.revenueMan': ['Invoiced (×10,000 yen, incl. tax)', '請求額（万円・税込）', '开票金额（万日元，含税）', '청구액(만 엔, 세금 포함)'],
  'db.revenueTable': ['MRR, invoices and revenue per month', '月別のMRR・請求書・売上', '每月MRR、发票与收入', '월별 MRR·청구서·매출'],
  'db.month': ['Month', '月', '月份', '월'],
  'db.source': ['MRR from', 'MRRの根拠', 'MRR来源', 'MRR 근거'],
  'db.fromInvoices': ['Issued invoices', '発行済み請求書', '已开具发票', '발행된 청구서'],
  'db.fromSubscriptions': ['Plans in force (not invoiced yet)', '適用中のプラン（未請求）', '生效套餐（尚未开票）', '적용 중인 플랜(미청구)'],
  'db.invoices': ['Invoices', '請求書数', '发票数', '청구서 수'],
  'db.adoption': ['Adoption by plan', 'プラン別の利用状況', '各套餐使用情况', '플랜별 이용 현황'],
  'db.adoptionMonth': ['Accounts on each plan in {month}', '{month}に各プランを利用中のアカウント数', '{month}各套餐的账户数', '{month} 플랜별 계정 수'],
  'db.plan': ['Plan', 'プラン', '套餐', '플랜'],
  'db.price': ['Monthly fee (excl. tax)', '月額（税抜）', '月费（不含税）', '월 요금(세금 별도)'],
  'db.accounts': ['Accounts', 'アカウント数', '账户数', '계정 수'],
  'db.share': ['Share', '構成比', '占比', '비율'],
  'db.version': ['version {n}', 'バージョン {n}', '版本 {n}', '버전 {n}'],
  'db.noPlans': ['No account is on a plan this month.', '今月プランを利用中のアカウントはありません。', '本月没有使用套餐的账户。', '이번 달 플랜을 이용 중인 계정이 없습니다.'],
} as const satisfies Record<string, Row>;

export type DashboardKey = keyof typeof DASHBOARD;
addLaterTexts(DASHBOARD);

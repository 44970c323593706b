import type { Language } from './language.ts';

/**
 * The words printed on an invoice, in the console's four languages (order: en, jp, cn, kr),
 * shared by the invoice screen and the PDF (which prints Japanese or English), so the two
 * never say different things.
 */
type Row = readonly [en: string, jp: string, cn: string, kr: string];

const INVOICE_TEXTS = {
  title: ['Invoice', '請求書', '发票', '청구서'],
  number: ['Invoice No.', '請求書番号', '发票编号', '청구서 번호'],
  issuedOn: ['Issued on', '発行日', '开具日期', '발행일'],
  period: ['Billing month', '対象月', '计费月份', '청구 월'],
  issuer: ['Issuer', '発行者', '开具方', '발행자'],
  registrationNumber: ['Registration No.', '登録番号', '登记号码', '등록번호'],
  recipient: ['Bill to', '請求先', '收票方', '청구처'],
  recipientSuffix: ['', '御中', '', '귀중'],
  item: ['Item', '品目', '项目', '항목'],
  quantity: ['Quantity', '数量', '数量', '수량'],
  unitPrice: ['Unit price', '単価', '单价', '단가'],
  amount: ['Amount', '金額', '金额', '금액'],
  taxRate: ['Tax rate', '税率', '税率', '세율'],
  subtotal: ['Subtotal (excl. tax)', '小計（税抜）', '小计（不含税）', '소계(세금 별도)'],
  taxLine: ['{rate}% taxable {base}, consumption tax {tax}', '{rate}%対象 {base} 消費税 {tax}', '{rate}%税率对象 {base}，消费税 {tax}', '{rate}% 대상 {base}, 소비세 {tax}'],
  total: ['Total (incl. tax)', '合計（税込）', '合计（含税）', '합계(세금 포함)'],
  pageViews: ['Page views this month', '当月のページビュー', '本月页面浏览量', '당월 페이지뷰'],
  blocksUsed: ['Blocks used', '使用ブロック数', '已用区块数', '사용 블록 수'],
  billingMethod: ['Billing method', '支払方法', '付款方式', '결제 방법'],
  'method.card': ['Card', 'クレジットカード', '信用卡', '카드'],
  'method.bank_transfer': ['Bank transfer', '銀行振込', '银行转账', '계좌이체'],
  'line.plan': ['Plan fee ({plan})', 'プラン料金（{plan}）', '套餐费用（{plan}）', '플랜 요금({plan})'],
  'line.initial': ['Initial fee', '初期費用', '初始费用', '초기 비용'],
  'line.license': ['License fee', 'ライセンス料', '许可费', '라이선스 요금'],
  'line.pv_overage': ['Page views over the limit (per {unit} PV)', 'PV超過料金（{unit}PVごと）', '超出页面浏览量（每 {unit} PV）', 'PV 초과 요금({unit}PV당)'],
  'line.blocks': ['Blocks', 'ブロック', '区块', '블록'],
  yen: ['¥{n}', '{n}円', '{n}日元', '{n}엔'],
  // The invoice screen and the issuer settings
  status: ['Status', 'ステータス', '状态', '상태'],
  'paymentStatus.unpaid': ['Unpaid', '未払い', '未付款', '미결제'],
  'paymentStatus.processing': ['Processing', '処理中', '处理中', '처리 중'],
  'paymentStatus.paid': ['Paid', '支払済み', '已付款', '결제 완료'],
  'paymentStatus.completed': ['Completed', '完了', '已完成', '완료'],
  'paymentStatus.failed': ['Failed', '失敗', '失败', '실패'],
  'paymentStatus.void': ['Void', '無効', '作废', '무효'],
  downloadPdf: ['Download PDF ({lang})', 'PDFをダウンロード（{lang}）', '下载PDF（{lang}）', 'PDF 다운로드({lang})'],
  pdfJp: ['Japanese', '日本語', '日语', '일본어'],
  pdfEn: ['English', '英語', '英语', '영어'],
  issuerSettings: ['Invoice issuer', '請求書の発行者情報', '发票开具方信息', '청구서 발행자 정보'],
  issuerHint: [
    'Printed on every invoice you issue. Issued invoices keep the details they were issued with; until these are given, your invoices wait as drafts.',
    '発行するすべての請求書に記載されます。発行済みの請求書は発行時の内容のままです。入力されるまで請求書は下書きのまま発行されません。',
    '打印在您开具的每张发票上。已开具的发票保留开具时的信息；填写之前，发票将作为草稿等待。',
    '발행하는 모든 청구서에 표시됩니다. 발행된 청구서는 발행 당시 내용을 유지합니다. 입력하기 전까지 청구서는 초안으로 대기합니다.',
  ],
  companyName: ['Company name', '会社名', '公司名称', '회사명'],
  address: ['Address', '住所', '地址', '주소'],
  registrationHint: [
    'Qualified invoice issuer number: T and 13 digits',
    '適格請求書発行事業者の登録番号：Tと13桁の数字',
    '合格发票开具者登记号码：T加13位数字',
    '적격 청구서 발행 사업자 등록번호: T와 13자리 숫자',
  ],
  billingRuns: ['Billing runs', '請求処理の実行状況', '账单处理运行情况', '청구 처리 실행 현황'],
  billingRunsHint: [
    'The month is billed automatically once it has ended (Japan time); “npm run billing -- --month YYYY-MM” bills one by hand.',
    '月が終わると（日本時間）自動で請求処理が行われます。“npm run billing -- --month YYYY-MM” で手動実行もできます。',
    '月份结束后（日本时间）自动进行账单处理；也可用 “npm run billing -- --month YYYY-MM” 手动运行。',
    '월이 끝나면(일본 시간) 자동으로 청구 처리가 실행됩니다. “npm run billing -- --month YYYY-MM”으로 수동 실행할 수도 있습니다.',
  ],
  month: ['Month', '対象月', '月份', '월'],
  noRuns: ['This month has not been billed yet.', 'この月はまだ請求処理されていません。', '该月尚未进行账单处理。', '이 월은 아직 청구 처리되지 않았습니다.'],
  runProgress: ['{done} of {total} accounts', '{total}件中{done}件', '{total} 个账户中的 {done} 个', '{total}개 계정 중 {done}개'],
  'runStatus.running': ['Running', '実行中', '运行中', '실행 중'],
  'runStatus.finished': ['Finished', '完了', '已完成', '완료'],
  'runStatus.failed': ['Stopped', '停止', '已停止', '중지됨'],
  nextNumber: ['Next invoice No.: {n}', '次の請求書番号：{n}', '下一个发票编号：{n}', '다음 청구서 번호: {n}'],
} satisfies Record<string, Row>;

export type InvoiceTextKey = keyof typeof INVOICE_TEXTS;

const COLUMN: Readonly<Record<Language, number>> = { en: 0, jp: 1, cn: 2, kr: 3 };

/** @example invoiceText('jp', 'yen', { n: '1,000' }) // '1,000円' */
export function invoiceText(lang: Language, key: InvoiceTextKey, values: Readonly<Record<string, string | number>> = {}): string {
  const text = INVOICE_TEXTS[key][COLUMN[lang]]!;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Yen with thousands separators, in the invoice's language. */
export function yen(lang: Language, amount: number): string {
  return invoiceText(lang, 'yen', { n: amount.toLocaleString('en-US') });
}

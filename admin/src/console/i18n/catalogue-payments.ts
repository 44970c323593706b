import { addLaterTexts, type Row } from './later-texts.ts';

/**
 * The texts of the payment screens (payment list, card, payment history), in en, jp, cn, kr,
 * loaded with them. Refusals and the card error (spec B §8) are the shared messages' (model/messages).
 */
export const PAYMENTS = {
  'pay.title': ['Payments', '支払い一覧', '付款列表', '결제 목록'],
  'pay.history': ['Payment history', '支払い履歴', '付款记录', '결제 내역'],
  'pay.month': ['Month', '年月', '年月', '연월'],
  'pay.status': ['Payment status', '支払い状況', '付款状态', '결제 상태'],
  'pay.all': ['All', 'すべて', '全部', '전체'],
  'pay.export': ['Export CSV', 'CSVエクスポート', '导出CSV', 'CSV 내보내기'],
  'pay.company': ['Company', '会社名', '公司名称', '회사명'],
  'pay.blocks': ['Blocks used', '使用ブロック数', '已用区块数', '사용 블록 수'],
  'pay.planFee': ['Plan fee', 'プラン料金', '套餐费用', '플랜 요금'],
  'pay.pvFee': ['PV fee', 'PV料金', 'PV费用', 'PV 요금'],
  'pay.licenseFee': ['License fee', 'ライセンス料', '许可费', '라이선스 요금'],
  'pay.total': ['Total (tax incl.)', '合計（税込）', '合计（含税）', '합계(세금 포함)'],
  'pay.method': ['Billing method', '支払い方法', '付款方式', '결제 방법'],
  'pay.method.card': ['Card', 'カード', '银行卡', '카드'],
  'pay.method.bank_transfer': ['Bank transfer', '銀行振込', '银行转账', '계좌 이체'],
  'pay.actions': ['Actions', '操作', '操作', '작업'],
  'pay.none': ['No payments for these filters.', '該当する支払いはありません。', '没有符合条件的付款。', '해당하는 결제가 없습니다.'],
  'pay.state.paid': ['Paid', '支払い済み', '已付款', '결제 완료'],
  'pay.state.unpaid': ['Unpaid', '未払い', '未付款', '미납'],
  'pay.state.processing': ['Processing', '処理中', '处理中', '처리 중'],
  'pay.state.void': ['Void', '無効', '作废', '무효'],
  'pay.state.completed': ['Completed', '完了', '已完成', '완료'],
  'pay.state.failed': ['Failed', '失敗', '失败', '실패'],
  'pay.forceComplete': ['Force-complete', '強制完了', '强制完成', '강제 완료'],
  'pay.reason': ['Reason', '理由', '原因', '사유'],
  'pay.forceConfirm': [
    'Force-complete this payment? This cannot be undone.',
    'この支払いを強制完了しますか？この操作は取り消せません。',
    '确定强制完成此付款吗？此操作无法撤销。',
    '이 결제를 강제 완료할까요? 이 작업은 취소할 수 없습니다.',
  ],
  'pay.forceDone': ['The payment was force-completed.', '支払いを強制完了しました。', '付款已强制完成。', '결제를 강제 완료했습니다.'],
  'pay.transferName': ['Transfer name', '振込名義', '汇款人名称', '입금자명'],
  'pay.markPaid': ['Mark paid', '入金済みにする', '标记为已付款', '입금 완료로 표시'],
  'pay.markedPaid': ['Marked paid.', '入金済みにしました。', '已标记为已付款。', '입금 완료로 표시했습니다.'],
  'pay.charge': ['Charge the card', 'カードで決済', '从银行卡扣款', '카드로 결제'],
  'pay.charged': ['Charge sent: {status}.', '決済を送信しました：{status}。', '已发送扣款：{status}。', '결제를 요청했습니다: {status}.'],
  'pay.cancel': ['Cancel', 'キャンセル', '取消', '취소'],
  'pay.card': ['Card on file', '登録カード', '已登记的银行卡', '등록된 카드'],
  'pay.noCard': ['No card registered.', 'カードは登録されていません。', '尚未登记银行卡。', '등록된 카드가 없습니다.'],
  'pay.cardLine': [
    '{brand} ending in {last4}, expires {month}/{year}',
    '{brand} 末尾 {last4}、有効期限 {month}/{year}',
    '{brand} 尾号 {last4}，有效期至 {month}/{year}',
    '{brand} 끝자리 {last4}, 만료 {month}/{year}',
  ],
  'pay.addCard': ['Register a card', 'カードを登録', '登记银行卡', '카드 등록'],
  'pay.changeCard': ['Change the card', 'カードを変更', '更换银行卡', '카드 변경'],
  'pay.cardSaved': ['The card was saved.', 'カードを登録しました。', '银行卡已保存。', '카드를 저장했습니다.'],
  'pay.cardOff': [
    'Card billing is not set up on this server: invoices are paid by bank transfer.',
    'このサーバーではカード決済が設定されていません。請求は銀行振込でお支払いください。',
    '此服务器未设置银行卡支付：请通过银行转账支付账单。',
    '이 서버에는 카드 결제가 설정되어 있지 않습니다. 청구서는 계좌 이체로 결제해 주세요.',
  ],
  'pay.cardHosted': [
    'You enter the card on the payment provider’s secure page; this console never sees its number.',
    'カード情報は決済サービスの安全なページで入力します。この管理画面がカード番号を扱うことはありません。',
    '银行卡信息在支付服务的安全页面上输入，本后台不会接触卡号。',
    '카드 정보는 결제 서비스의 안전한 페이지에서 입력하며, 이 관리 화면은 카드 번호를 다루지 않습니다.',
  ],
} as const satisfies Record<string, Row>;

export type PaymentsKey = keyof typeof PAYMENTS;
addLaterTexts(PAYMENTS);

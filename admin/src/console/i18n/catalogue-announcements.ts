import { addLaterTexts, type Row } from './later-texts.ts';

/**
 * The texts of the latest-information, system-notification and inbox screens and of the preview's
 * share popup (en, jp, cn, kr), loaded with those screens.
 */
export const ANNOUNCEMENTS = {
  // Latest information and system notifications
  'an.news': ['Latest information', '最新情報', '最新信息', '최신 정보'],
  'an.system': ['System notifications', 'システム通知', '系统通知', '시스템 알림'],
  'an.createNews': ['Create latest information', '最新情報を作成', '创建最新信息', '최신 정보 만들기'],
  'an.createSystem': ['Create a system notification', 'システム通知を作成', '创建系统通知', '시스템 알림 만들기'],
  'an.editNews': ['Edit latest information', '最新情報を編集', '编辑最新信息', '최신 정보 편집'],
  'an.editSystem': ['Edit the system notification', 'システム通知を編集', '编辑系统通知', '시스템 알림 편집'],
  'an.detailNews': ['Latest information detail', '最新情報の詳細', '最新信息详情', '최신 정보 상세'],
  'an.detailSystem': ['System notification detail', 'システム通知の詳細', '系统通知详情', '시스템 알림 상세'],
  'an.none': ['Nothing here yet.', 'まだありません。', '暂无内容。', '아직 없습니다.'],
  'an.link': ['Link', 'リンク', '链接', '링크'],
  'an.imageUrl': ['Image URL', '画像URL', '图片URL', '이미지 URL'],
  'an.distributionSite': ['Distribution site', '配信サイト', '发布站点', '배포 사이트'],
  'an.receivers': ['Receivers', '配信先', '接收者', '수신자'],
  'an.receiver.MASTER_USER': ['Master users', 'マスターユーザー', '主用户', '마스터 사용자'],
  'an.receiver.OEM_MASTER': ['OEM masters', 'OEMマスター', 'OEM主账号', 'OEM 마스터'],
  'an.receiver.OEM_ADMIN': ['OEM admins', 'OEM管理者', 'OEM管理员', 'OEM 관리자'],
  'an.receiver.OEM_USER': ['OEM users', 'OEMユーザー', 'OEM用户', 'OEM 사용자'],
  'an.receiver.DIRECT_USER': ['Direct users', '直接契約ユーザー', '直签用户', '직접 계약 사용자'],
  'an.saved': ['Saved.', '保存しました。', '已保存。', '저장했습니다.'],
  'an.deleted': ['Deleted.', '削除しました。', '已删除。', '삭제했습니다.'],
  'an.deleteConfirm': ['Delete “{title}”?', '「{title}」を削除しますか？', '删除“{title}”？', '“{title}”을(를) 삭제할까요?'],
  'an.createdAt': ['Created', '作成日時', '创建时间', '작성 일시'],
  // What an account receives
  'in.title': ['Notifications', 'お知らせ', '通知', '알림'],
  'in.system': ['System notifications', 'システム通知', '系统通知', '시스템 알림'],
  'in.news': ['Latest information', '最新情報', '最新信息', '최신 정보'],
  'in.unread': ['Unread', '未読', '未读', '읽지 않음'],
  'in.read': ['Read', '既読', '已读', '읽음'],
  'in.markRead': ['Mark as read', '既読にする', '标为已读', '읽음으로 표시'],
  'in.markAllRead': ['Mark all as read', 'すべて既読にする', '全部标为已读', '모두 읽음으로 표시'],
  'in.open': ['Open the link', 'リンクを開く', '打开链接', '링크 열기'],
  // The preview's share popup
  'sh.share': ['Share', '共有', '共享', '공유'],
  'sh.title': ['Share the preview', 'プレビューを共有', '共享预览', '미리보기 공유'],
  'sh.link': ['Share link', '共有リンク', '共享链接', '공유 링크'],
  'sh.copy': ['Copy', 'コピー', '复制', '복사'],
  'sh.copied': ['The link was copied.', 'リンクをコピーしました。', '链接已复制。', '링크를 복사했습니다.'],
  'sh.private': ['Only invited emails can open it', '招待したメールアドレスのみ閲覧可能', '仅受邀邮箱可打开', '초대한 이메일만 열 수 있음'],
  'sh.viewOnly': ['View only (buttons and links do nothing)', '閲覧のみ（ボタンとリンクは無効）', '仅查看（按钮和链接无效）', '보기 전용(버튼과 링크 비활성)'],
  'sh.emails': ['Invite emails', '招待するメールアドレス', '邀请邮箱', '초대할 이메일'],
  'sh.emailsHint': [
    'One per line, or separated by commas. Each gets an email with their own link.',
    '1行に1件、またはカンマ区切り。それぞれに専用リンクをメールで送ります。',
    '每行一个或用逗号分隔。每人会收到含专属链接的邮件。',
    '한 줄에 하나 또는 쉼표로 구분합니다. 각자 전용 링크가 담긴 메일을 받습니다.',
  ],
  'sh.submit': ['Share', '共有する', '共享', '공유하기'],
  'sh.shared': ['The preview was shared.', 'プレビューを共有しました。', '已共享预览。', '미리보기를 공유했습니다.'],
  'sh.security': ['Security', 'セキュリティ', '安全', '보안'],
  'sh.passwordOn': ['Require a passcode', 'パスコードを要求する', '需要密码', '암호 필요'],
  'sh.passcode': ['Passcode', 'パスコード', '密码', '암호'],
  'sh.savePassword': ['Save the security setting', 'セキュリティ設定を保存', '保存安全设置', '보안 설정 저장'],
  'sh.passwordSaved': ['The security setting was saved.', 'セキュリティ設定を保存しました。', '安全设置已保存。', '보안 설정을 저장했습니다.'],
  'sh.invited': ['Invited', '招待済み', '已邀请', '초대됨'],
  'sh.sentAt': ['Sent {date}', '{date} 送信', '{date} 已发送', '{date} 발송'],
  'sh.revoke': ['Revoke', '取り消す', '撤销', '취소'],
  'sh.revokeOf': ['Revoke {email}', '{email} を取り消す', '撤销 {email}', '{email} 취소'],
  'sh.revokeAll': ['Stop sharing', '共有を停止', '停止共享', '공유 중지'],
  'sh.revokeAllConfirm': [
    'Stop sharing? Every link stops working at once.',
    '共有を停止しますか？すべてのリンクがすぐに使えなくなります。',
    '停止共享？所有链接将立即失效。',
    '공유를 중지할까요? 모든 링크가 즉시 사용할 수 없게 됩니다.',
  ],
  'sh.resendAll': ['Resend to all', '全員に再送信', '全部重新发送', '모두에게 다시 보내기'],
  'sh.resent': ['Sent again to {n} email(s).', '{n}件のメールアドレスに再送信しました。', '已重新发送给 {n} 个邮箱。', '{n}개의 이메일로 다시 보냈습니다.'],
  'sh.stopped': ['Sharing stopped.', '共有を停止しました。', '已停止共享。', '공유를 중지했습니다.'],
  'sh.status': ['Status', 'ステータス', '状态', '상태'],
  'sh.notShared': ['Not shared', '未共有', '未共享', '공유 안 됨'],
  'sh.sharedStatus': ['Shared · {sessions} open with the passcode', '共有中・パスコードで閲覧中 {sessions}件', '共享中 · 通过密码打开 {sessions} 个', '공유 중 · 암호로 열람 중 {sessions}건'],
  'sh.close': ['Close', '閉じる', '关闭', '닫기'],
} as const satisfies Record<string, Row>;

export type AnnouncementsKey = keyof typeof ANNOUNCEMENTS;
addLaterTexts(ANNOUNCEMENTS);

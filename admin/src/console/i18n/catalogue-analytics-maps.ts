import { addLaterTexts, type Row } from './later-texts.ts';

/**
 * The texts of the analytics screen's maps and experiment section (en, jp, cn, kr): the grid heat
 * map with each page's ways out, the tap heat map, the A/B results. Loaded with those components.
 */
export const ANALYTICS_MAPS = {
  // The grid heat map
  'am.heatMap': ['Grid heat map', 'グリッドヒートマップ', '网格热图', '그리드 히트맵'],
  'am.heatMetric': ['Colour by', '色分けの指標', '着色指标', '색상 기준'],
  'am.metric.views': ['Views', '表示回数', '浏览次数', '조회수'],
  'am.metric.landings': ['Entries', '流入数', '进入次数', '유입 수'],
  'am.metric.averageDwellMs': ['Average time on page (s)', '平均滞在時間（秒）', '平均停留时间（秒）', '평균 체류 시간(초)'],
  'am.metric.conversions': ['CV', 'CV', 'CV', 'CV'],
  'am.metric.conversionChance': ['Chance to convert', 'CVに至る確率', '转化概率', '전환 확률'],
  'am.row': ['Row', '行', '行', '행'],
  'am.noPage': ['No page', 'ページなし', '无页面', '페이지 없음'],
  'am.legend': ['Legend', '凡例', '图例', '범례'],
  'am.legendNone': ['None', 'なし', '无', '없음'],
  'am.legendRange': ['{from} to {to}', '{from}〜{to}', '{from}至{to}', '{from}~{to}'],
  'am.arrowsHint': [
    'Arrows: where visitors went next, thicker for more. Dashed red arrows: a swipe off the edge of the grid, then gone. Red ring: closed or went elsewhere.',
    '矢印：次に移動した方向（太いほど多い）。赤い破線の矢印：グリッドの外へスワイプして離脱。赤い円：閉じた、または他へ移動。',
    '箭头：访客接下来去的方向，越粗越多。红色虚线箭头：向网格外滑动后离开。红色圆圈：关闭或前往其他页面。',
    '화살표: 다음에 이동한 방향(굵을수록 많음). 빨간 점선 화살표: 그리드 밖으로 스와이프 후 이탈. 빨간 원: 닫거나 다른 곳으로 이동.',
  ],
  'am.dir.left': ['Left', '左', '左', '왼쪽'],
  'am.dir.right': ['Right', '右', '右', '오른쪽'],
  'am.dir.up': ['Up', '上', '上', '위'],
  'am.dir.down': ['Down', '下', '下', '아래'],
  'am.dir.leave': ['Closed or went elsewhere', '閉じた・他へ移動', '关闭或前往其他页面', '닫기 또는 다른 곳으로 이동'],
  'am.moveShare': ['{direction}: {count} moved ({share})', '{direction}：{count}件移動（{share}）', '{direction}：移动 {count} 次（{share}）', '{direction}: {count}건 이동({share})'],
  'am.exitShare': [
    '{direction}: {count} swiped off the grid and left ({share})',
    '{direction}：{count}件がグリッド外へスワイプして離脱（{share}）',
    '{direction}：{count} 次滑出网格后离开（{share}）',
    '{direction}: {count}건 그리드 밖으로 스와이프 후 이탈({share})',
  ],
  'am.leaveShare': ['{count} closed or went elsewhere ({share})', '{count}件が閉じた・他へ移動（{share}）', '{count} 次关闭或前往其他页面（{share}）', '{count}건 닫기 또는 다른 곳으로 이동({share})'],
  'am.noWaysOut': ['Nobody left this page yet.', 'このページからの移動・離脱はまだありません。', '尚无访客离开此页面。', '아직 이 페이지를 떠난 방문자가 없습니다.'],
  'am.cellDetail': ['Page {cell}', 'ページ {cell}', '页面 {cell}', '페이지 {cell}'],
  'am.selectHint': ['Select a page to see its details.', 'ページを選ぶと詳細が表示されます。', '选择页面以查看详情。', '페이지를 선택하면 상세가 표시됩니다.'],
  'am.seconds': ['{n} s', '{n}秒', '{n}秒', '{n}초'],
  'am.chanceHint': [
    'From the moves between pages, as an absorbing Markov chain: the share of visitors on this page who convert before they leave.',
    'ページ間の移動から吸収マルコフ連鎖で算出：このページにいる訪問者が離脱前にCVに至る割合。',
    '根据页面间的移动，按吸收马尔可夫链计算：此页面上的访客在离开前转化的比例。',
    '페이지 간 이동을 흡수 마르코프 연쇄로 계산: 이 페이지의 방문자가 이탈 전에 전환하는 비율.',
  ],
  'am.waysOut': ['Ways out', '移動・離脱', '去向', '이동·이탈'],
  'am.direction': ['Direction', '方向', '方向', '방향'],
  'am.moved': ['Moved on', '移動', '移动', '이동'],
  'am.exited': ['Left the site', '離脱', '离开', '이탈'],
  // The tap heat map
  'am.tapMap': ['Tap heat map', 'タップヒートマップ', '点击热图', '탭 히트맵'],
  'am.tapPage': ['Page', 'ページ', '页面', '페이지'],
  'am.totalTaps': ['Taps in all: {n}', '合計 {n} タップ', '共 {n} 次点击', '총 {n}회 탭'],
  'am.noTaps': ['No taps on this page in this period.', 'この期間、このページへのタップはありません。', '此期间该页面没有点击。', '이 기간에 이 페이지의 탭이 없습니다.'],
  'am.tapLegend': ['Taps per 25 px square', '25px四方あたりのタップ数', '每 25 像素方格的点击次数', '25px 칸당 탭 수'],
  'am.topTaps': ['Most tapped places', 'タップの多い場所', '点击最多的位置', '탭이 많은 위치'],
  'am.topTap': [
    'Taps: {taps} ({share}), {region}: x {x1}–{x2} px, y {y1}–{y2} px of 375 × 739',
    '{taps}タップ（{share}）、{region}：375 × 739のうち x {x1}〜{x2}px、y {y1}〜{y2}px',
    '{taps} 次点击（{share}），{region}：375 × 739 中 x {x1}–{x2} 像素，y {y1}–{y2} 像素',
    '{taps}회 탭({share}), {region}: 375 × 739 중 x {x1}~{x2}px, y {y1}~{y2}px',
  ],
  'am.tapImage': ['Taps on page {cell}', 'ページ {cell} のタップ', '页面 {cell} 的点击', '페이지 {cell}의 탭'],
  'am.noImage': ['This page has no image.', 'このページには画像がありません。', '此页面没有图片。', '이 페이지에는 이미지가 없습니다.'],
  'am.region.top-left': ['top left', '左上', '左上', '왼쪽 위'],
  'am.region.top-center': ['top centre', '上部中央', '上方中间', '위쪽 가운데'],
  'am.region.top-right': ['top right', '右上', '右上', '오른쪽 위'],
  'am.region.middle-left': ['middle left', '中央左', '中间左侧', '가운데 왼쪽'],
  'am.region.middle-center': ['centre', '中央', '正中', '가운데'],
  'am.region.middle-right': ['middle right', '中央右', '中间右侧', '가운데 오른쪽'],
  'am.region.bottom-left': ['bottom left', '左下', '左下', '왼쪽 아래'],
  'am.region.bottom-center': ['bottom centre', '下部中央', '下方中间', '아래쪽 가운데'],
  'am.region.bottom-right': ['bottom right', '右下', '右下', '오른쪽 아래'],
  // The A/B results
  'am.experimentNone': [
    'This site has no A/B test yet: add a variant to a page and start a test in the site editor.',
    'このサイトにはまだA/Bテストがありません。サイト編集でページにバリエーションを追加し、テストを開始してください。',
    '该网站尚无A/B测试：请在站点编辑中为页面添加变体并开始测试。',
    '이 사이트에는 아직 A/B 테스트가 없습니다. 사이트 편집에서 페이지에 변형을 추가하고 테스트를 시작하세요.',
  ],
  'am.experimentWhole': [
    'The results count the whole test from its start, whatever the dates and filters above.',
    '結果は上の期間・絞り込みにかかわらず、テスト開始からの全期間を集計しています。',
    '结果统计自测试开始以来的全部数据，不受上方日期和筛选的影响。',
    '결과는 위의 기간·필터와 관계없이 테스트 시작부터의 전체 기간을 집계합니다.',
  ],
} as const satisfies Record<string, Row>;

export type AnalyticsMapsKey = keyof typeof ANALYTICS_MAPS;
addLaterTexts(ANALYTICS_MAPS);

import { useId } from 'react';
import { useI18n } from '../../i18n/i18n.tsx';
import type { HeatSquare } from './heat-grid.ts';
import type { HeatStyle } from './heat-scale.ts';
import { WayArrows } from './WayArrows.tsx';
import { wayText } from './way-texts.ts';
import { waysOut } from './ways-out.ts';

type Props = { square: NonNullable<HeatSquare>; figure: string; style: HeatStyle; selected: boolean; onSelect(position: string): void };

/** One page of the heat map: its figure printed on its colour, its ways out as arrows, the same in words for a tooltip and a screen reader. */
export function HeatCell({ square, figure, style, selected, onSelect }: Props) {
  const { t, lang } = useI18n();
  const described = useId();
  const { ways } = waysOut(square.report);
  const words = ways.filter((way) => way.count > 0).map((way) => wayText(way, t, lang));
  const said = words.length > 0 ? words.join('\n') : t('am.noWaysOut');
  return (
    <td className="heat-cell" data-position={square.position} data-level={style.level}>
      <button type="button" aria-pressed={selected} aria-describedby={described} title={said} style={{ background: style.background, color: style.color }} onClick={() => onSelect(square.position)}>
        <WayArrows ways={ways} />
        <span className="sr-only">{square.position} </span>
        <span className="heat-figure" data-testid="heat-figure">
          {figure}
        </span>
      </button>
      <span id={described} className="sr-only">
        {words.length > 0 ? words.join('. ') : said}
      </span>
    </td>
  );
}

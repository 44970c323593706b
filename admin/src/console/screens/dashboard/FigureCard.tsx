import { useId } from 'react';

/** One figure of the summary: its name, value and what it is made of, read as one list item. */
export function FigureCard({ name, label, value, detail }: { name: string; label: string; value: string; detail: string }) {
  const id = useId();
  return (
    <li className="kpi-card" data-figure={name} aria-labelledby={`${id}-name`} aria-describedby={`${id}-detail`}>
      <h3 id={`${id}-name`}>{label}</h3>
      <p className="kpi-value" data-testid={`figure-${name}`}>
        {value}
      </p>
      <p className="hint" id={`${id}-detail`} data-testid={`figure-${name}-detail`}>
        {detail}
      </p>
    </li>
  );
}

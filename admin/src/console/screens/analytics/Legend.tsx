/** One colour of a legend and what it stands for. */
export type LegendStep = { background: string; color: string; label: string };

/** A colour scale's key: each swatch with its range written out, so no one has to tell colours apart. */
export function Legend({ title, steps, testId }: { title: string; steps: readonly LegendStep[]; testId?: string }) {
  return (
    <figure className="heat-legend" data-testid={testId}>
      <figcaption>{title}</figcaption>
      <ul>
        {steps.map((step) => (
          <li key={step.background}>
            <span className="swatch" style={{ background: step.background, color: step.color }} aria-hidden="true" />
            {step.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}

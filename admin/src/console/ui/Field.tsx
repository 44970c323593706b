import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { lengthState } from './length-counter.ts';

/**
 * A labelled control with its message beside it (spec: messages next to the field). The
 * control gets the id, aria-invalid and aria-describedby through the render function. The
 * message comes rendered in the console's language (messageResolver, placeRefusal).
 * A field with a storage limit gets `count`: the label stays plain and a counter under the
 * control shows the length while it is typed, marking the control invalid past the limit.
 */
export function Field({
  label,
  error,
  hint,
  count,
  children,
}: {
  label: string;
  error?: FieldError | { message?: string } | undefined;
  hint?: string;
  count?: { length: number; max: number } | undefined;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const message = error?.message;
  const counter = count ? lengthState(count.length, count.max) : null;
  const describedBy = [message ? `${id}-error` : hint ? `${id}-hint` : '', counter ? `${id}-count` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(message) || counter?.state === 'over', ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && !message && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {message && (
        <small id={`${id}-error`} className="field-error" role="alert">
          {message}
        </small>
      )}
      {counter && count && (
        // Announced only near the limit: a count read out on every key would drown what is typed.
        <small id={`${id}-count`} className={`counter counter-${counter.state}`} aria-live={counter.state === 'far' ? 'off' : 'polite'} data-testid="length-counter">
          {count.length} / {count.max}
        </small>
      )}
    </div>
  );
}

/**
 * A checkbox with its label after it. forwardRef, not React 19's ref-as-a-prop: the console runs on
 * preact/compat, which hands a function component no `ref`, and react-hook-form reads the box through it.
 */
export const Check = forwardRef<HTMLInputElement, { label: string } & InputHTMLAttributes<HTMLInputElement>>(function Check({ label, ...input }, ref) {
  return (
    <label className="check">
      <input type="checkbox" ref={ref} {...input} /> {label}
    </label>
  );
});

import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/**
 * A labelled control with its message beside it (spec: messages next to the field). The
 * control gets the id, aria-invalid and aria-describedby through the render function. The
 * message comes rendered in the console's language (messageResolver, placeRefusal).
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: FieldError | { message?: string } | undefined;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const message = error?.message;
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(message), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
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

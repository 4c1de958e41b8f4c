import type { ReactNode } from 'react';
import './form-field.css';

interface FormFieldProps {
  /** Also the anchor the page scrolls to when this field has a problem. */
  name: string;
  label: ReactNode;
  /** Right of the label: a counter, a hint or an action. */
  extra?: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: ReactNode;
}

/** One field of the editor: label (with extra), the control, then the problem, or a hint when there is none. */
export function FormField({ name, label, extra, hint, error, required, children }: FormFieldProps) {
  return (
    <div
      className={`lx-field${error ? ' lx-field--error' : ''}`}
      data-field={name}
      data-testid={`field-${name}`}
    >
      <div className="lx-field__head">
        <span className="lx-field__label">
          {label}
          {required ? <span className="lx-field__required">*</span> : null}
        </span>
        {extra ? <span className="lx-field__extra">{extra}</span> : null}
      </div>
      {children}
      {error ? (
        <div className="lx-field__error" role="alert" data-testid={`error-${name}`}>
          {error}
        </div>
      ) : hint ? (
        <div className="lx-field__hint">{hint}</div>
      ) : null}
    </div>
  );
}

/** "12/20": turns red past the limit. */
export function Counter({ value, max }: { value: string; max: number }) {
  const over = value.length > max;
  return (
    <span className={`lx-counter${over ? ' lx-counter--over' : ''}`}>
      {value.length}/{max}
    </span>
  );
}

import { cloneElement, useId, type ReactElement, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Label } from './label'

type FieldControlProps = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }

type FormFieldProps = {
  label: ReactNode
  /** One Input, Textarea or Select trigger; it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<FieldControlProps>
  /** Shown under the control in red; marks it invalid. */
  error?: string | null
  /** Shown under the control when there is no error. */
  hint?: ReactNode
  /** Something at the right of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode
  /** A button beside the control, e.g. an upload that fills it in. */
  action?: ReactNode
  className?: string
}

/** A label tied to its control, with hint or error text read out by screen readers. */
export function FormField({ label, children, error, hint, labelAside, action, className }: FormFieldProps) {
  const generated = useId()
  const id = children.props.id ?? generated
  const messageId = `${id}-message`
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? messageId : undefined,
  })
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {action ? (
        <div className="flex gap-2">
          {control}
          {action}
        </div>
      ) : (
        control
      )}
      {error ? (
        <p id={messageId} className="text-[13px] text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-[13px] text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

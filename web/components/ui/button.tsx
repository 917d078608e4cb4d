import { Slot } from 'radix-ui'
import type { ButtonHTMLAttributes } from 'react'
import { cn } from '../../lib/cn'
import { Spinner } from './spinner'

const VARIANTS = {
  default: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200 active:bg-slate-300',
  outline: 'border border-slate-300 bg-white text-slate-900 shadow-xs hover:bg-slate-50 active:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800 focus-visible:outline-red-600',
  link: 'text-brand-600 underline-offset-4 hover:underline hover:text-brand-700 h-auto px-0',
} as const

const SIZES = {
  sm: 'h-8 gap-1.5 rounded-md px-3 text-[13px]',
  md: 'h-9 gap-2 rounded-lg px-4 text-sm',
  lg: 'h-11 gap-2 rounded-lg px-6 text-[15px]',
  icon: 'size-9 rounded-lg',
} as const

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button, e.g. while a form submits. */
  isLoading?: boolean
  /** Renders the single child (a wouter Link, an <a>) with the button's look. */
  asChild?: boolean
  ref?: React.Ref<HTMLButtonElement>
}

const buttonClass = (variant: ButtonVariant = 'default', size: ButtonSize = 'md', className?: string) =>
  cn(
    'inline-flex shrink-0 cursor-pointer items-center justify-center font-medium whitespace-nowrap transition-colors select-none',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
    SIZES[size],
    VARIANTS[variant],
    className,
  )

export function Button({ variant, size, isLoading, asChild, className, children, disabled, type, ...props }: ButtonProps) {
  const classes = buttonClass(variant, size, className)
  if (asChild)
    return (
      <Slot.Root className={classes} {...props}>
        {children}
      </Slot.Root>
    )
  return (
    <button type={type ?? 'button'} className={classes} disabled={disabled || isLoading} aria-busy={isLoading || undefined} {...props}>
      {isLoading && <Spinner />}
      {children}
    </button>
  )
}

import { Check, ChevronDown } from 'lucide-react'
import { Select as RadixSelect } from 'radix-ui'
import { cn } from '../../lib/cn'

export type SelectOption<T extends string = string> = { value: T; label: string }

type SelectProps<T extends string> = {
  value: T | undefined
  onValueChange: (value: T) => void
  options: readonly SelectOption<T>[]
  placeholder?: string
  id?: string
  /** Needed when no <Label htmlFor> names it. */
  'aria-label'?: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
  disabled?: boolean
  className?: string
  size?: 'sm' | 'md'
}

/** A styled single choice from a short list (filters, sort order, plan). */
export function Select<T extends string>({ value, onValueChange, options, placeholder, className, size = 'md', disabled, ...aria }: SelectProps<T>) {
  return (
    <RadixSelect.Root value={value} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
      <RadixSelect.Trigger
        {...aria}
        className={cn(
          'inline-flex w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-slate-900 shadow-xs',
          'focus:border-brand-500 focus:outline-none focus:ring-3 focus:ring-brand-500/20 disabled:cursor-not-allowed disabled:opacity-60',
          'data-[placeholder]:text-slate-400',
          size === 'sm' ? 'h-8 text-[13px]' : 'h-9 text-sm',
          className,
        )}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon>
          <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-[var(--radix-select-content-available-height)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-pop-in"
        >
          <RadixSelect.Viewport>
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-pointer items-center rounded-md py-1.5 pr-8 pl-2.5 text-sm text-slate-800 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="absolute right-2 inline-flex">
                  <Check className="size-4 text-brand-600" aria-hidden="true" />
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}

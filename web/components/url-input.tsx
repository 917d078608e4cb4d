import type { InputHTMLAttributes } from 'react'
import { URL_MAX, withHttpsPrefix } from '../../src/shared/link-rules'
import { Input } from './ui/input'

type UrlInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'maxLength'> & {
  value: string
  onValueChange: (value: string) => void
  ref?: React.Ref<HTMLInputElement>
}

/** An http(s) address as typed: the phone's URL keyboard, the longest URL the service keeps, and https:// put in front when it is left without a scheme. */
export function UrlInput({ value, onValueChange, onBlur, ...props }: UrlInputProps) {
  return (
    <Input
      {...props}
      type="url"
      inputMode="url"
      maxLength={URL_MAX}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={(event) => {
        onBlur?.(event)
        if (event.target.value.trim()) onValueChange(withHttpsPrefix(event.target.value))
      }}
    />
  )
}

import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { copyText } from '../../lib/clipboard'
import { toast } from '../../lib/toast'
import { Button, type ButtonSize, type ButtonVariant } from './button'

type CopyButtonProps = {
  value: string
  /** Visible text; with `size="icon"` it is the accessible name only. */
  label?: string
  copiedLabel?: string
  variant?: ButtonVariant
  size?: ButtonSize
  className?: string
  onCopied?: () => void
}

/** Copies `value` and confirms in place for two seconds. */
export function CopyButton({ value, label = 'Copy', copiedLabel = 'Copied', variant = 'outline', size = 'sm', className, onCopied }: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false)
  useEffect(() => {
    if (!isCopied) return
    const timer = setTimeout(() => setIsCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [isCopied])

  async function copy() {
    try {
      await copyText(value)
      setIsCopied(true)
      onCopied?.()
    } catch {
      toast({ title: 'Copy failed', description: 'Select the text and copy it by hand.', variant: 'destructive' })
    }
  }

  const Icon = isCopied ? Check : Copy
  const text = isCopied ? copiedLabel : label
  return (
    <Button variant={variant} size={size} className={className} onClick={copy} aria-label={size === 'icon' ? text : undefined}>
      <Icon aria-hidden="true" />
      {size !== 'icon' && text}
    </Button>
  )
}

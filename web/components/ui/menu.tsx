import { DropdownMenu } from 'radix-ui'
import type { ReactNode } from 'react'

/** A menu that opens from a button (the account menu, a link's More menu): the trigger and its items. */
export function ActionMenu({ trigger, children, label }: { trigger: ReactNode; children: ReactNode; label?: ReactNode }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg data-[state=open]:animate-pop-in">
          {label && (
            <>
              <DropdownMenu.Label className="truncate px-2.5 py-1.5 text-xs text-slate-500">{label}</DropdownMenu.Label>
              <MenuSeparator />
            </>
          )}
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** An item of a menu; `danger` for one that deletes. */
export function MenuItem({ onSelect, children, danger }: { onSelect: () => void; children: ReactNode; danger?: boolean }) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={
        danger
          ? 'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-red-700 outline-none select-none data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800 [&_svg]:size-4 [&_svg]:text-red-600'
          : 'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900 [&_svg]:size-4 [&_svg]:text-slate-500'
      }
    >
      {children}
    </DropdownMenu.Item>
  )
}

export const MenuSeparator = () => <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />

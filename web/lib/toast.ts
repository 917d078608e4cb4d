// Notifications: one visible at a time; a dismissed toast stays in state a
// long while so radix can play its exit animation, then it is removed.
import { create } from 'zustand'

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5000
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const TOAST_SWIPE_THRESHOLD_PX = 50

type ToastVariant = 'default' | 'destructive'

export type ToastOptions = {
  title?: string
  description?: string
  variant?: ToastVariant
  /** Milliseconds before it closes on its own; defaults to 5000. */
  duration?: number
}

type ToastItem = ToastOptions & { id: string; open: boolean }

type ToastState = { toasts: ToastItem[] }

export const useToasts = create<ToastState>(() => ({ toasts: [] }))

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      useToasts.setState((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }))
    }, TOAST_REMOVE_DELAY_MS),
  )
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string) {
  useToasts.setState((state) => ({
    toasts: state.toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t
      scheduleRemoval(t.id)
      return { ...t, open: false }
    }),
  }))
}

/** Shows a notification from anywhere: `toast({ title, description, variant: 'destructive' })`. */
export function toast(options: ToastOptions) {
  const id = String(++counter)
  useToasts.setState((state) => {
    // The newest replaces the ones before it: one visible at a time.
    for (const old of state.toasts.slice(TOAST_LIMIT - 1)) {
      const timer = removalTimers.get(old.id)
      if (timer) clearTimeout(timer)
      removalTimers.delete(old.id)
    }
    return { toasts: [{ ...options, id, open: true }, ...state.toasts].slice(0, TOAST_LIMIT) }
  })
  return { id, dismiss: () => dismissToast(id) }
}

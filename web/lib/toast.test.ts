import { describe, expect, it } from 'bun:test'
import { dismissToast, toast, TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from './toast'

describe('toast', () => {
  it('shows one toast at a time for 5 s, swipes away past 50 px and forgets it long after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1)
    expect(TOAST_DURATION_MS).toBe(5000)
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50)
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000)
  })

  it('keeps one toast: the newest replaces the one before', () => {
    toast({ title: 'First' })
    const second = toast({ title: 'Failed to send message', variant: 'destructive' })
    const { toasts } = useToasts.getState()
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ id: second.id, title: 'Failed to send message', variant: 'destructive', open: true })
  })

  it('closes a dismissed toast but keeps it in state for its exit', () => {
    const shown = toast({ title: 'Message sent!' })
    shown.dismiss()
    expect(useToasts.getState().toasts).toEqual([expect.objectContaining({ id: shown.id, open: false })])
    toast({ title: 'Next' })
    dismissToast()
    expect(useToasts.getState().toasts.every((t) => !t.open)).toBe(true)
  })
})

import { twMerge } from 'tailwind-merge'

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class win over an earlier one
 * of the same kind, so `className` passed to a UI component overrides its defaults.
 */
export const cn = (...classes: (string | false | null | undefined)[]) => twMerge(classes.filter(Boolean).join(' '))

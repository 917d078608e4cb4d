// The QR code thread, one drawing at a time: accounts (a code's link's) take turns, so a crowd
// drawing large codes of one account's links keeps no other account's code waiting behind them all.
import { AppError } from '../../platform/errors'
import { threadCalls } from '../../platform/thread-calls'
import { QR_DRAW_ENTRY } from '../../threads'
import type { DrawCall, Drawn } from './draw'

const drawer = threadCalls<DrawCall, Drawn>(QR_DRAW_ENTRY, 'QR code drawer', {
  concurrency: 1,
  // A waiting code holds only its options: a page of many codes may wait at once.
  perKey: 256,
  maxWaitMs: 15_000,
  refusals: {
    busy: () => new AppError('rate_limited', "Too many of this account's QR codes are being drawn; try again in a moment.", undefined, 1),
    late: (retryAfter) => new AppError('unavailable', 'Too many QR codes are being drawn; try again in a moment.', undefined, retryAfter),
  },
})

/** Draws on the QR code thread in `key`'s turn (the account whose link the code is of). */
export const drawnOnThread = (call: DrawCall, key: string) => drawer.call(call, { key })

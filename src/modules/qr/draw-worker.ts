// The QR code thread: codes drawn and logos decoded off the thread answering requests (draw.ts).
import { answerCalls } from '../../platform/thread-calls'
import { draw, type Drawn } from './draw'

answerCalls(draw, (drawn: Drawn) => ('code' in drawn && typeof drawn.code !== 'string' ? [drawn.code.buffer] : []))

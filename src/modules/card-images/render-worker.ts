// The card image renderer's thread: drawing an image takes a few hundred milliseconds of CPU.
import { answerCalls } from '../../platform/thread-calls'
import { renderCardImage } from './render'

answerCalls(renderCardImage, (png) => [png.buffer])

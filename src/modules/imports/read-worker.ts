// The thread that reads import files: parsing a file of tens of megabytes takes seconds of CPU.
import { answerCalls } from '../../platform/thread-calls'
import { readImport, type ReadInput } from './reading'

answerCalls(async (input: ReadInput) => readImport(input), (output) => (output.ok ? [output.file.chunks.buffer] : []))

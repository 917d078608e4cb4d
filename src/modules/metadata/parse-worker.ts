// The metadata thread: pages' HTML parsed off the thread answering requests (parse.ts).
import { answerCalls } from '../../platform/thread-calls'
import { pageMetadataOf } from './parse'

answerCalls(pageMetadataOf)

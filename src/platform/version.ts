// The release this code is, from package.json, the one place it is written: the file is read when
// the code is bundled or transpiled, so the compiled executable knows its version too.
import { version } from '../../package.json'

export const VERSION: string = version

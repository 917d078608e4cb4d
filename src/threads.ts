// Entry points of worker threads, resolved from src/: the compiled executable keeps them at the
// same places relative to its own entry point (scripts/build.ts lists them).
export const EVENT_WRITER_ENTRY = new URL('./modules/analytics/writer-worker.ts', import.meta.url)
export const CARD_IMAGE_RENDER_ENTRY = new URL('./modules/card-images/render-worker.ts', import.meta.url)
export const IMAGE_PROCESS_ENTRY = new URL('./modules/images/process-worker.ts', import.meta.url)
export const IMPORT_READ_ENTRY = new URL('./modules/imports/read-worker.ts', import.meta.url)
export const METADATA_PARSE_ENTRY = new URL('./modules/metadata/parse-worker.ts', import.meta.url)
export const QR_DRAW_ENTRY = new URL('./modules/qr/draw-worker.ts', import.meta.url)
export const SQLITE_READER_ENTRY = new URL('./platform/db/reader-worker.ts', import.meta.url)

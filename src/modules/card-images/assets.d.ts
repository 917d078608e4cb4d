// The renderer's WebAssembly and fonts, imported `with { type: 'file' }`: Bun answers their path (embedded in the executable).
declare module '@resvg/resvg-wasm/index_bg.wasm' {
  const path: string
  export default path
}
declare module '@fontsource/inter/files/*.woff' {
  const path: string
  export default path
}

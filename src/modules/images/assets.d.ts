// The codecs' WebAssembly, imported `with { type: 'file' }`: Bun answers its path (embedded in the executable).
declare module '@jsquash/*.wasm' {
  const path: string
  export default path
}

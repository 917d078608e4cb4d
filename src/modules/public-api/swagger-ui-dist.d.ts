// swagger-ui-dist's files, imported `with { type: 'file' }`: Bun answers their path (embedded in the executable).
declare module 'swagger-ui-dist/swagger-ui-bundle.js' {
  const path: string
  export default path
}
declare module 'swagger-ui-dist/swagger-ui.css' {
  const path: string
  export default path
}

// JSON Schema keywords that client generators (openapi-typescript, hey-api, orval) leave out of the
// types they write: a rule stated with one of them is a call the client compiles and the server
// refuses. A rule goes into shapes they understand instead (a oneOf of whole objects).
const IGNORED = ['if', 'then', 'else', 'dependentRequired', 'dependentSchemas', 'dependencies', 'not', 'unevaluatedProperties', 'unevaluatedItems', 'contains']
// Under these keys the entries are names (of fields, paths, answers...), not keywords.
const NAMES = ['properties', 'patternProperties', '$defs', 'definitions', 'paths', 'responses', 'headers', 'schemas', 'securitySchemes', 'content']

/** Where in `node` a keyword clients ignore is used, as JSON pointers. */
export function keywordsClientsIgnore(node: unknown, at = '#', key?: string): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => keywordsClientsIgnore(item, `${at}/${index}`))
  if (!node || typeof node !== 'object') return []
  const isMap = key !== undefined && NAMES.includes(key)
  return Object.entries(node as Record<string, unknown>).flatMap(([name, value]) => [
    ...(!isMap && IGNORED.includes(name) ? [`${at}/${name}`] : []),
    ...keywordsClientsIgnore(value, `${at}/${name}`, isMap ? undefined : name),
  ])
}

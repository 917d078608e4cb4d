/** Saves a blob as a download named `name` (works for data fetched from any origin). */
export function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob)
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.download = name
  document.body.appendChild(anchor)
  anchor.click()
  anchor.remove()
  // Give the browser time to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000)
}

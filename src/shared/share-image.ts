// The image the product's own pages share with: drawn at build time (scripts/share-image.ts).
export const SHARE_IMAGE = { width: 1200, height: 630 }
export const SHARE_IMAGE_PATH = '/share.png'

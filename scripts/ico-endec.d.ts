// The ICO encoder has no types of its own: the part the build uses.
declare module 'ico-endec' {
  /** An ICO file holding the given PNG (or BMP) images, one entry each. */
  export function encode(images: readonly (Buffer | ArrayBuffer)[]): Buffer;
  const icoEndec: { encode: typeof encode };
  export default icoEndec;
}

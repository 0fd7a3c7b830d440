/** Where product images live. Keys are server-generated paths such as products/1732_dress-640.webp. */
export interface ImageStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** The public address of a key (or of a key prefix, for image variants). */
  url(key: string): string;
  /** The key behind one of this storage's addresses, or undefined for a foreign address. */
  keyOf(url: string): string | undefined;
}

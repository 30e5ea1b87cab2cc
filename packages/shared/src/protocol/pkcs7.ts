export const AES_BLOCK_BYTES = 16;

export function pkcs7Pad(data: Uint8Array): Uint8Array {
  const padLength = AES_BLOCK_BYTES - (data.length % AES_BLOCK_BYTES);
  const out = new Uint8Array(data.length + padLength);
  out.set(data);
  out.fill(padLength, data.length);
  return out;
}

/** Returns the unpadded view, or null when the padding is not valid PKCS#7. */
export function pkcs7Unpad(data: Uint8Array): Uint8Array | null {
  if (data.length === 0 || data.length % AES_BLOCK_BYTES !== 0) return null;
  const padLength = data[data.length - 1]!;
  if (padLength < 1 || padLength > AES_BLOCK_BYTES) return null;
  for (let i = data.length - padLength; i < data.length; i++) {
    if (data[i] !== padLength) return null;
  }
  return data.subarray(0, data.length - padLength);
}

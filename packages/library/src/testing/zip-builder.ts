/** Tests build their archives with the package's own writer. */
export { buildZip, crc32, type ZipInput } from '../archives/zip-writer.js';
